import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the action does and why it cannot be undone. */
  text: ReactNode;
  confirmLabel: string;
  /** The confirm button's icon (aria-hidden). */
  icon: ReactNode;
  /** While the action runs: the confirm button spins. */
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action: the text, Cancel, and a red confirm button. */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  icon,
  loading,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={loading} leftSection={icon} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
