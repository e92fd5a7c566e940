import { Paper, Stack, Text } from '@mantine/core';
import { renderReply, type Network } from '@switchboard/contract';
import { SmsCounter, Ucs2Warning } from '../../../../components/sms-counter';
import { countSms } from '../../../../lib/sms-count';
import { useAutoReplyText } from '../../auto-reply-text';
import { isolateLtr } from '../../../../lib/isolate';
import type { RuleFormValues } from '../../lib/rule-form-values';
import { todayIn } from '../../lib/time-zones';
import classes from './rule-form.module.css';

/** A fictional number (the 555-01xx range is reserved for fiction), for the sample contact. */
const SAMPLE_NUMBER = '+12025550123';

interface ReplyPreviewProps {
  values: RuleFormValues;
  networks: Network[];
  /** Replaces the reply's look-alike characters with their GSM-7 equivalents. */
  onReplaceWithGsm7: () => void;
}

/**
 * The reply as a contact would get it, live: the contact is a sample one (said so below), the
 * keyword, network and date are the rule's own. Its SMS parts and encoding are counted as the
 * server counts them; the characters that force UCS-2 are listed from what the author wrote
 * (a contact's name can force it too, which is said when the sample does).
 */
export function ReplyPreview({ values, networks, onReplaceWithGsm7 }: ReplyPreviewProps) {
  const t = useAutoReplyText();
  const sampleName = t('preview.sampleName');
  const { trigger } = values;
  const keyword = trigger.type === 'keyword' && trigger.match !== 'regex' ? (trigger.keywords[0]?.trim() ?? '') : '';
  const network = values.allNetworks ? networks[0] : networks.find((item) => item.id === values.networkIds[0]);
  const reply = renderReply(values.replyText, {
    name: sampleName,
    number: SAMPLE_NUMBER,
    keyword,
    network: network?.name ?? '',
    date: todayIn(values.timeZone),
  });
  const count = countSms(reply);
  const written = countSms(values.replyText);

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('preview.title')}
      </Text>
      <Paper className={classes.preview} radius="lg" p="sm" role="region" aria-label={t('preview.label')}>
        {reply ? (
          <Text size="sm" dir="auto" className={classes.previewText} data-testid="reply-preview">
            {reply}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('preview.empty')}
          </Text>
        )}
      </Paper>
      <SmsCounter count={count} testId="preview" />
      <Ucs2Warning count={written} title={t('preview.ucs2')} testId="preview-ucs2" onReplace={onReplaceWithGsm7} />
      {count.encoding === 'UCS-2' && written.ucs2Characters.length === 0 && (
        <Text size="xs">{t('preview.sampleUcs2')}</Text>
      )}
      <Text size="xs" c="dimmed">
        {t('preview.sample', { name: sampleName, number: isolateLtr(SAMPLE_NUMBER) })}
      </Text>
    </Stack>
  );
}
