import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreateCampaign } from '../api/use-campaign-mutations';
import { useCampaignsText } from '../campaigns-text';
import { useCampaignsNotifications } from '../hooks/use-campaigns-notifications';

/** Names a new draft, creates it and opens its wizard. */
export function NewCampaignModal({ onClose }: { onClose: () => void }) {
  const t = useCampaignsText();
  const notify = useCampaignsNotifications();
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (campaign) => {
          notify.success(t('notifications.created'));
          void navigate(`/views/campaigns/${campaign.id}`);
        },
        onError: notify.failure,
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('newCampaign.title')}
      closeButtonProps={{ 'aria-label': t('newCampaign.cancel') }}
    >
      <form onSubmit={submit}>
        <TextInput
          label={t('newCampaign.name')}
          placeholder={t('newCampaign.placeholder')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          required
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('newCampaign.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {t('newCampaign.create')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
