import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useBillingText } from '../billing-text';
import classes from './billing.module.css';

interface BillingSectionProps<T> {
  title: string;
  empty: string;
  /** The query behind the section: pending, failed (with a retry) or its rows. */
  query: { isPending: boolean; isError: boolean; error: unknown; data: T[] | undefined; refetch: () => unknown };
  children: (rows: T[]) => ReactNode;
}

/** A titled card around one of the page's lists: a loader, the error with a retry, "none yet", or the table. */
export function BillingSection<T>({ title, empty, query, children }: BillingSectionProps<T>) {
  const t = useBillingText();
  const errorMessage = useApiErrorMessage();
  const titleId = useId();
  const rows = query.data ?? [];
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="md">
        {title}
      </Title>
      {query.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={title} />
        </Group>
      ) : query.isError ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(query.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        children(rows)
      )}
    </Card>
  );
}
