import type { Trigger } from '@switchboard/contract';
import type { AutoReplyText } from '../auto-reply-text';
import { isolateLtr } from '../../../lib/isolate';

/** Keywords shown in a rule's summary; the rest are counted. */
const SHOWN_KEYWORDS = 4;

/** A rule's trigger in one line: "Exact: PRICE, COST", "Outside business hours (Europe/Berlin)". */
export function triggerSummary(trigger: Trigger, timeZone: string, t: AutoReplyText): string {
  switch (trigger.type) {
    case 'any':
    case 'first-message':
      return t(`trigger.summary.${trigger.type}`);
    case 'outside-hours':
      return t('trigger.summary.outsideHours', { zone: isolateLtr(timeZone) });
    case 'keyword': {
      const shown = trigger.keywords.slice(0, SHOWN_KEYWORDS).join(', ');
      const hidden = trigger.keywords.length - SHOWN_KEYWORDS;
      const keywords = hidden > 0 ? t('trigger.summary.moreKeywords', { keywords: shown, n: hidden }) : shown;
      const match = t(`trigger.matches.${trigger.match}`);
      return t(trigger.caseSensitive ? 'trigger.summary.keywordCaseSensitive' : 'trigger.summary.keyword', {
        match,
        keywords,
      });
    }
  }
}
