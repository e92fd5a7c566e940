import { Button, Group, Modal, Text } from '@mantine/core';
import type { Campaign, CampaignAction } from '@switchboard/contract';
import { IconArrowBackUp, IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCampaignAction } from '../../api/use-campaign-mutations';
import { useCampaignsText } from '../../campaigns-text';
import { useCampaignsNotifications } from '../../hooks/use-campaigns-notifications';

/** Pause, resume, cancel (confirmed), back to draft, retry failed: what the campaign's state allows. */
export function ReportActions({ campaign }: { campaign: Campaign }) {
  const t = useCampaignsText();
  const { i18n } = useTranslation();
  const notify = useCampaignsNotifications();
  const action = useCampaignAction();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { state, counts } = campaign;
  const running = action.isPending ? action.variables.action : null;

  const run = (name: CampaignAction) =>
    action.mutate(
      { id: campaign.id, action: name },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          notify.success(t(`report.done.${name}`));
        },
        onError: notify.failure,
      },
    );
  const button = (name: CampaignAction, label: string, icon: React.ReactNode, variant = 'default') => (
    <Button
      key={name}
      variant={variant}
      color={name === 'cancel' ? 'red' : undefined}
      leftSection={icon}
      loading={running === name}
      disabled={running !== null && running !== name}
      onClick={() => (name === 'cancel' ? setConfirmCancel(true) : run(name))}
    >
      {label}
    </Button>
  );
  const unsent = counts.queued + counts.sending;
  const canRetry = counts.failed > 0 && (state === 'completed' || state === 'paused' || state === 'sending');

  return (
    <Group gap="xs">
      {state === 'sending' && button('pause', t('report.pause'), <IconPlayerPause size={16} aria-hidden />)}
      {state === 'paused' && button('resume', t('report.resume'), <IconPlayerPlay size={16} aria-hidden />, 'filled')}
      {state === 'scheduled' && button('unschedule', t('report.unschedule'), <IconArrowBackUp size={16} aria-hidden />)}
      {canRetry &&
        button(
          'retry-failed',
          t('report.retryFailed', { n: new Intl.NumberFormat(i18n.language).format(counts.failed) }),
          <IconRepeat size={16} aria-hidden />,
        )}
      {(state === 'sending' || state === 'paused' || state === 'scheduled') &&
        button('cancel', t('report.cancel'), <IconPlayerStop size={16} aria-hidden />, 'light')}
      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={t('report.cancelTitle')}>
        <Text size="sm">{t('report.cancelText', { n: new Intl.NumberFormat(i18n.language).format(unsent) })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmCancel(false)}>
            {t('report.keep')}
          </Button>
          <Button color="red" loading={running === 'cancel'} onClick={() => run('cancel')}>
            {t('report.cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
