import { Avatar, Badge, Group, Paper, Text } from '@mantine/core';
import { IconChecks, IconMessageChatbot, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { kFormat } from '../../../lib/format';
import { usePagesText } from '../pages-text';
import classes from './home.module.css';

/** An illustration of the inbox (static picture, not data): a question, the auto-reply, an opt-out. */
export function InboxPreview() {
  const t = usePagesText();
  const { i18n } = useTranslation();
  return (
    <div className={classes.preview} role="img" aria-label={t('home.preview.label')}>
      <Paper className={classes.previewWindow} radius="lg" shadow="lg" aria-hidden>
        <Group justify="space-between" className={classes.previewBar}>
          <Text fw={700} size="sm">
            {t('home.preview.inbox')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('home.preview.today')}
          </Text>
        </Group>
        <div className={classes.previewBody}>
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <Avatar name={t('home.preview.contactName')} color="success" radius="xl" size="md" />
            <div className={classes.bubbleIn}>
              <Text size="xs" fw={700} mb={2}>
                {t('home.preview.contactName')}
              </Text>
              <Text size="sm">{t('home.preview.question')}</Text>
            </div>
          </Group>
          <Group gap="sm" align="flex-start" wrap="nowrap" className={classes.outgoing}>
            <div className={classes.bubbleOut}>
              <Text size="xs" fw={700} mb={2}>
                {t('home.preview.autoReplyName')}
              </Text>
              <Text size="sm">{t('home.preview.answer')}</Text>
              <Group gap={4} justify="flex-end" mt={4}>
                <IconChecks size={14} />
                <Text size="xs">{t('home.preview.delivered')}</Text>
              </Group>
            </div>
            <Avatar color="brand" variant="filled" radius="xl" size="md">
              <IconMessageChatbot size={20} />
            </Avatar>
          </Group>
          <div className={classes.notice}>
            <Text size="xs" c="dimmed">
              {t('home.preview.optOut')}
            </Text>
          </div>
        </div>
      </Paper>
      <Paper className={classes.previewBadge} radius="lg" shadow="md" aria-hidden>
        <Group gap="xs" wrap="nowrap">
          <Badge circle size="lg" color="success" variant="filled">
            <IconSend size={14} />
          </Badge>
          <Text size="sm" fw={600}>
            {t('home.preview.sent', { volume: kFormat(12400, i18n.language) })}
          </Text>
        </Group>
      </Paper>
    </div>
  );
}
