import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useVoiceEvents } from './api/use-voice-events';
import { VoiceFiltersBar } from './components/voice-filters-bar';
import { VoiceMessageDetail } from './components/voice-message-detail';
import { VoiceMessageList } from './components/voice-message-list';
import { NO_VOICE_FILTERS, type VoiceFilters } from './lib/voice-filters';
import { useVoiceText } from './voice-text';
import classes from './voice-inbox.module.css';

/** The selected voice message lives in the URL (?voiceMessage=id), so a link opens it. */
const SELECTED_PARAM = 'voiceMessage';

/**
 * The voice inbox: voice messages (filtered, newest first, live) beside the selected one's
 * recording, transcript and SMS reply. The "Voice Inbox" tab of /views/conversations loads it.
 */
export function VoiceInbox() {
  useVoiceEvents();
  const t = useVoiceText();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(SELECTED_PARAM);
  const [filters, setFilters] = useState<VoiceFilters>(NO_VOICE_FILTERS);
  const [q] = useDebouncedValue(filters.q.trim(), 300);
  const listFilters = useMemo(() => ({ ...filters, q }), [filters, q]);
  // Narrow screens show one pane at a time: the detail then offers the way back.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const select = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(SELECTED_PARAM, id);
          else next.delete(SELECTED_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <div className={classes.inbox} data-selected={selectedId ? '' : undefined}>
      <section className={classes.listPane} aria-label={t('title')}>
        <VoiceFiltersBar value={filters} onChange={setFilters} />
        <VoiceMessageList filters={listFilters} selectedId={selectedId} onSelect={select} />
      </section>
      <section className={classes.detailPane} aria-label={t('detail.label')}>
        <VoiceMessageDetail id={selectedId} onBack={narrow ? () => select(null) : undefined} />
      </section>
    </div>
  );
}
