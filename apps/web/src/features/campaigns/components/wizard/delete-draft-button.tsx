import { Button, Group, Modal, Text } from '@mantine/core';
import type { Campaign } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteCampaign } from '../../api/use-campaign-mutations';
import { useCampaignsText } from '../../campaigns-text';
import { useCampaignsNotifications } from '../../hooks/use-campaigns-notifications';

/** Deletes the draft after a confirmation, back to the list. */
export function DeleteDraftButton({ campaign }: { campaign: Campaign }) {
  const t = useCampaignsText();
  const notify = useCampaignsNotifications();
  const navigate = useNavigate();
  const remove = useDeleteCampaign();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {t('wizard.deleteDraft')}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('wizard.deleteTitle')}>
        <Text size="sm">{t('wizard.deleteText', { name: campaign.name })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setAsking(false)}>
            {t('wizard.keep')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(campaign.id, {
                onSuccess: () => {
                  notify.success(t('notifications.deleted'));
                  void navigate('/views/campaigns');
                },
                onError: notify.failure,
              })
            }
          >
            {t('wizard.deleteConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
