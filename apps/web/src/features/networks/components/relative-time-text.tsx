import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useNow } from '../hooks/use-now';
import { relativeTime } from '../lib/relative-time';
import { useNetworksText } from '../networks-text';

interface RelativeTimeTextProps extends TextProps {
  value: string | null;
  /** Wraps the relative time, e.g. "Last seen {{time}}". */
  template?: (time: string) => string;
  /** Shown when there is no time (default "Never"). */
  emptyText?: string;
}

/** "5 minutes ago" (live), with the exact time on hover and for screen readers. */
export function RelativeTimeText({ value, template = (time) => time, emptyText, ...props }: RelativeTimeTextProps) {
  const t = useNetworksText();
  const { i18n } = useTranslation();
  const now = useNow();
  if (!value) {
    return (
      <Text span {...props}>
        {emptyText ?? t('time.never')}
      </Text>
    );
  }
  const relative = relativeTime(value, now, i18n.language) ?? t('time.justNow');
  return (
    <Text span {...props}>
      <time dateTime={value} title={formatDateTime(value)}>
        {template(relative)}
      </time>
    </Text>
  );
}

/** "Last seen 5 minutes ago", or "Never seen", for a network. */
export function LastSeenText({ value }: { value: string | null }) {
  const t = useNetworksText();
  return (
    <RelativeTimeText
      size="xs"
      c="dimmed"
      value={value}
      template={(time) => t('settings.lastSeen', { time })}
      emptyText={t('settings.neverSeen')}
    />
  );
}
