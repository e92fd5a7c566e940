import { Modal, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@switchboard/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateWebhook } from '../api/use-update-webhook';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';
import classes from './developers.module.css';
import { WebhookForm } from './webhook-form';

interface EditWebhookModalProps {
  /** The endpoint to edit; null keeps the dialog closed. */
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}

/** Changes an endpoint's events, or turns it off and on (on again clears its failure streak). */
export function EditWebhookModal({ webhook, onClose }: EditWebhookModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const notify = useDevelopersNotifications();
  const update = useUpdateWebhook();
  const close = () => {
    update.reset();
    onClose();
  };

  return (
    <Modal
      opened={webhook !== null}
      onClose={close}
      size="lg"
      title={t('webhooks.form.editTitle')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {webhook && (
        <>
          <Text size="sm" fw={600} mb="md" dir="ltr" className={classes.url}>
            {webhook.url}
          </Text>
          <WebhookForm
            key={webhook.id}
            initialValues={{ url: webhook.url, events: webhook.events, enabled: webhook.enabled }}
            withUrl={false}
            submitLabel={t('webhooks.form.save')}
            submitIcon={<IconDeviceFloppy size={18} aria-hidden />}
            pending={update.isPending}
            error={update.error}
            failedTitle={t('webhooks.form.saveFailed')}
            onSubmit={({ events, enabled }, setServerErrors) =>
              update.mutate(
                { id: webhook.id, body: { events, enabled } },
                {
                  onSuccess: () => {
                    notify.success(t('webhooks.form.saved'));
                    close();
                  },
                  onError: setServerErrors,
                },
              )
            }
            onCancel={close}
          />
        </>
      )}
    </Modal>
  );
}
