import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Network } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteNetwork } from '../../api/use-delete-network';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import { useNetworksText } from '../../networks-text';
import classes from './network-settings.module.css';

/** Deleting a network also deletes its conversations and messages: the confirmation says so. */
export function DeleteNetworkSection({ network, onDeleted }: { network: Network; onDeleted: () => void }) {
  const t = useNetworksText();
  const { t: tCommon } = useTranslation();
  const notify = useNetworksNotifications();
  const remove = useDeleteNetwork();
  const [confirming, confirm] = useDisclosure(false);

  // Awaited rather than callbacks: the deleted network's panels (this one too) unmount at once.
  const deleteNetwork = () =>
    remove.mutateAsync(network.id).then(() => {
      notify.success(t('settings.delete.deleted', { name: network.name }));
      onDeleted();
    }, notify.failure);

  return (
    <div className={classes.section}>
      <Group justify="space-between" gap="sm" className={classes.danger}>
        <Stack gap={2}>
          <Title order={3} size="h6">
            {t('settings.delete.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.delete.text')}
          </Text>
        </Stack>
        <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={confirm.open}>
          {t('settings.delete.button')}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={t('settings.delete.confirmTitle', { name: network.name })}
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        <Text size="sm">{t('settings.delete.confirmText', { name: network.name })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            {tCommon('cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={deleteNetwork}
            leftSection={<IconTrash size={18} aria-hidden />}
          >
            {t('settings.delete.confirm')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
