import { Button, Group, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SmsCount } from '../lib/sms-count';
import { MarkedCharacters } from './marked-characters';
import classes from './sms-counter.module.css';

interface SmsCounterProps {
  count: SmsCount;
  /** Test ids `<testId>-counter`, `<testId>-encoding` and `<testId>-segments`. */
  testId: string;
  id?: string;
  /** Also the room left in the last part (the composer's; a preview of sample values has none). */
  withLeft?: boolean;
}

/** A text's characters, encoding and SMS parts, as the server will count them (the composer, the auto-reply preview). */
export function SmsCounter({ count, testId, id, withLeft = false }: SmsCounterProps) {
  const { t } = useTranslation();
  return (
    <Text component="div" size="xs" c="dimmed" className={classes.counter} id={id} data-testid={`${testId}-counter`}>
      <span>{t('sms.characters', { n: count.characters })}</span>
      <span data-testid={`${testId}-encoding`}>{count.encoding}</span>
      <span data-testid={`${testId}-segments`}>{t('sms.segments', { n: count.segments })}</span>
      {withLeft && count.segments > 0 && <span>{t('sms.left', { n: count.left })}</span>}
    </Text>
  );
}

interface Ucs2WarningProps {
  count: SmsCount;
  /** What switches to UCS-2 ("These characters switch the message to UCS-2…"). */
  title: string;
  testId: string;
  /** Replaces the text's look-alike characters with their GSM-7 equivalents. */
  onReplace: () => void;
}

/** The characters that force UCS-2, and a one-click replacement when some have GSM-7 look-alikes. */
export function Ucs2Warning({ count, title, testId, onReplace }: Ucs2WarningProps) {
  const { t } = useTranslation();
  if (count.ucs2Characters.length === 0) return null;
  return (
    <Group gap="xs" align="center" data-testid={testId}>
      <Text size="xs">
        {title} <MarkedCharacters characters={count.ucs2Characters} />
      </Text>
      {count.replaceable.length > 0 && (
        <Button size="compact-xs" variant="light" leftSection={<IconWand size={14} aria-hidden />} onClick={onReplace}>
          {t('sms.replace')}
        </Button>
      )}
    </Group>
  );
}
