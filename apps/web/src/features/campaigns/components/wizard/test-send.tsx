import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSendCampaignTest } from '../../api/use-campaign-mutations';
import { useCampaignsText } from '../../campaigns-text';
import { useCampaignsNotifications } from '../../hooks/use-campaigns-notifications';

interface TestSendProps {
  campaignId: string;
  contactId: string | null;
  /** Saves what is still waiting, so the test is the text on screen. */
  beforeSend: () => Promise<void>;
}

/** "Send a test": the text, personalised for the previewed contact, to one number. */
export function TestSend({ campaignId, contactId, beforeSend }: TestSendProps) {
  const t = useCampaignsText();
  const notify = useCampaignsNotifications();
  const send = useSendCampaignTest();
  const [to, setTo] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await beforeSend();
    send.mutate(
      { id: campaignId, to: to.trim(), contactId: contactId ?? undefined },
      { onSuccess: () => notify.success(t('messageStep.testSent', { to: to.trim() })), onError: notify.failure },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('messageStep.testTitle')}
          </Text>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('messageStep.testTo')}
              placeholder={t('messageStep.testToPlaceholder')}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              dir="ltr"
              type="tel"
              style={{ flex: '1 1 12rem' }}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              disabled={!to.trim()}
            >
              {t('messageStep.testSend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
