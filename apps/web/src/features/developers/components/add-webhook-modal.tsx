import { Modal } from '@mantine/core';
import type { WebhookWithSecretResponse } from '@switchboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWebhook } from '../api/use-create-webhook';
import { useDevelopersText } from '../developers-text';
import { emptyWebhookForm } from '../lib/webhook-form';
import { WebhookForm } from './webhook-form';
import { WebhookSecret } from './webhook-secret';

interface AddWebhookModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Adds an endpoint, then shows its signing secret this once: the secret is held in this dialog's
 * state alone (never in the query cache), gone when the dialog closes.
 */
export function AddWebhookModal({ opened, onClose }: AddWebhookModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<WebhookWithSecretResponse | null>(null);
  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={created ? t('webhooks.secretShown.title') : t('webhooks.form.addTitle')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      // A click beside the dialog must not throw the only copy of the secret away.
      closeOnClickOutside={!created}
    >
      {created ? (
        <WebhookSecret shown={created} onDone={close} />
      ) : (
        <WebhookForm
          initialValues={emptyWebhookForm}
          withUrl
          submitLabel={t('webhooks.form.submit')}
          submitIcon={<IconPlus size={18} aria-hidden />}
          pending={create.isPending}
          error={create.error}
          failedTitle={t('webhooks.form.addFailed')}
          onSubmit={(body, setServerErrors) => create.mutate(body, { onSuccess: setCreated, onError: setServerErrors })}
          onCancel={close}
        />
      )}
    </Modal>
  );
}
