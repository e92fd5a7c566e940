import { Alert, Drawer, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '../../../../lib/queries/use-networks';
import { useAutoReplyRules } from '../../api/use-auto-reply-rules';
import { useAutoReplyText } from '../../auto-reply-text';
import { RuleForm } from './rule-form';

interface RuleFormDrawerProps {
  /** The rule to edit; null for a new one. */
  ruleId: string | null;
  onClose: () => void;
}

/** The rule form in a drawer (its own chunk: it brings the contract's rule schemas). */
export default function RuleFormDrawer({ ruleId, onClose }: RuleFormDrawerProps) {
  const t = useAutoReplyText();
  const { t: tCommon } = useTranslation();
  const rules = useAutoReplyRules();
  const networks = useNetworks();
  const rule = ruleId ? rules.data?.find((item) => item.id === ruleId) : null;
  const loading = networks.isPending || (ruleId !== null && rules.isPending);

  return (
    <Drawer
      opened
      onClose={onClose}
      title={ruleId ? t('form.editTitle') : t('form.createTitle')}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {loading ? (
        <Stack gap="md" role="status" aria-label={t('form.loading')}>
          <Skeleton height={40} />
          <Skeleton height={120} />
          <Skeleton height={80} />
        </Stack>
      ) : rule === undefined ? (
        <Alert color="yellow" variant="light">
          {t('form.notFound')}
        </Alert>
      ) : (
        <RuleForm key={rule?.id ?? 'new'} rule={rule} networks={networks.data ?? []} onDone={onClose} />
      )}
    </Drawer>
  );
}
