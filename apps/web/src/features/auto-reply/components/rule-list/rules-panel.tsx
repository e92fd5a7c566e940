import { Alert, Button, Center, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { AutoReplyRule } from '@switchboard/contract';
import { IconAlertTriangle, IconMessageBolt, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useApiErrorMessage } from '../../../../lib/use-api-error-message';
import { useNetworks } from '../../../../lib/queries/use-networks';
import { useAutoReplyRules } from '../../api/use-auto-reply-rules';
import { useAutoReplyText } from '../../auto-reply-text';
import { RuleList } from './rule-list';

interface RulesPanelProps {
  onCreate: () => void;
  onEdit: (rule: AutoReplyRule) => void;
}

/** The rules, or their loading, failure and empty states. */
export function RulesPanel({ onCreate, onEdit }: RulesPanelProps) {
  const t = useAutoReplyText();
  const errorMessage = useApiErrorMessage();
  const rules = useAutoReplyRules();
  const networks = useNetworks();
  const networkNames = useMemo(
    () => new Map((networks.data ?? []).map((network) => [network.id, network.name])),
    [networks.data],
  );

  if (rules.isPending) {
    return (
      <Stack gap="sm" p="md" role="status" aria-label={t('list.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (rules.isError) {
    return (
      <Alert m="md" color="red" icon={<IconAlertTriangle aria-hidden />} title={t('list.loadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(rules.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void rules.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (rules.data.length === 0) {
    return (
      <Center py={48} px="md">
        <Stack align="center" gap="sm" maw={440} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMessageBolt size={34} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('list.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('list.emptyText')}</Text>
          <Button mt="sm" leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            {t('page.newRule')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <RuleList rules={rules.data} networkNames={networkNames} onEdit={onEdit} />;
}
