import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAnalyticsText } from '../analytics-text';
import classes from './analytics.module.css';

interface PanelProps<T> {
  title: string;
  /** Beside the title: an export button, a note. */
  actions?: ReactNode;
  /** The query behind the panel: pending, failed (with a retry) or its answer. */
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  /** When the answer has nothing to show: the text said instead. */
  empty?: (data: T) => string | null;
  children: (data: T) => ReactNode;
  testId?: string;
}

/**
 * One titled card of the control panel around a query: a loader, the error with a retry, the
 * empty text, or the content. An answer kept from the previous range stays while the next loads.
 */
export function Panel<T>({ title, actions, query, empty, children, testId }: PanelProps<T>) {
  const t = useAnalyticsText();
  const errorMessage = useApiErrorMessage();
  const titleId = useId();
  const emptyText = query.data !== undefined ? empty?.(query.data) : null;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      className={classes.panel}
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        {actions}
      </Group>
      {query.data === undefined && !query.isError ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={title} />
        </Group>
      ) : query.data === undefined ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(query.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : emptyText ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          {emptyText}
        </Text>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}
