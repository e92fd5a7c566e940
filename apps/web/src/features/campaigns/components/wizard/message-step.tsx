import { Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { MAX_MESSAGE_LENGTH, type CampaignReview, type ContactEntry } from '@switchboard/contract';
import { useRef, useState } from 'react';
import { SmsCounter, Ucs2Warning } from '../../../../components/sms-counter';
import { replaceWithGsm7 } from '../../../../lib/gsm-replacements';
import { countSms } from '../../../../lib/sms-count';
import type { Draft } from '../../hooks/use-draft';
import { useCampaignsText } from '../../campaigns-text';
import { MessagePreview } from './message-preview';
import { TestSend } from './test-send';
import { VariableMenu } from './variable-menu';

interface MessageStepProps {
  draft: Draft;
  campaignId: string;
  fields: string[];
  /** The server's review of the saved draft: the worst case after personalisation. */
  review: CampaignReview | undefined;
}

/** Step 4: the text with variables, its count, the server's worst case, a preview and a test. */
export function MessageStep({ draft, campaignId, fields, review }: MessageStepProps) {
  const t = useCampaignsText();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [contact, setContact] = useState<ContactEntry | null>(null);
  const body = draft.values.body;
  const count = countSms(body);

  const insert = (variable: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? body.length;
    const end = element?.selectionEnd ?? body.length;
    draft.change({ body: body.slice(0, start) + variable + body.slice(end) });
    window.requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + variable.length, start + variable.length);
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Text component="label" htmlFor="campaign-body" fw={500} size="sm">
            {t('messageStep.label')}
          </Text>
          <VariableMenu fields={fields} onInsert={insert} />
        </Group>
        <Textarea
          id="campaign-body"
          ref={textarea}
          value={body}
          onChange={(event) => draft.change({ body: event.currentTarget.value })}
          placeholder={t('messageStep.placeholder')}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={MAX_MESSAGE_LENGTH}
          aria-describedby="campaign-body-hint campaign-body-counter"
          dir="auto"
        />
        <Text id="campaign-body-hint" size="xs" c="dimmed">
          {t('messageStep.hint')}
        </Text>
        <div id="campaign-body-counter">
          <SmsCounter count={count} testId="campaign-body" withLeft />
        </div>
        {review && body.trim() && (
          <Text size="sm" data-testid="campaign-worst-case">
            {t('messageStep.worstCase', { n: review.maxSegmentsPerRecipient, encoding: review.encoding })}
          </Text>
        )}
        <Ucs2Warning
          count={count}
          title={t('messageStep.ucs2')}
          testId="campaign-ucs2"
          onReplace={() => draft.change({ body: replaceWithGsm7(body).text })}
        />
      </Stack>
      <Stack gap="md">
        <MessagePreview body={body} contact={contact} onContact={setContact} />
        <TestSend campaignId={campaignId} contactId={contact?.id ?? null} beforeSend={draft.flush} />
      </Stack>
    </SimpleGrid>
  );
}
