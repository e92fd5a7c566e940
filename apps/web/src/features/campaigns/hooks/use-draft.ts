import type { Campaign } from '@switchboard/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUpdateCampaign } from '../api/use-campaign-mutations';
import { draftValues, savableChanges, type DraftValues } from '../lib/draft';

/** How long typing may pause before the draft is saved. */
const SAVE_DELAY_MS = 600;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * The wizard's copy of a draft: every change shows at once and is saved (PATCH, only the changed
 * fields) a moment after the last one; `flush` saves now (before the review). The copy is taken
 * from the campaign once: answers to our own saves do not overwrite what is being typed.
 */
export function useDraft(campaign: Campaign) {
  const update = useUpdateCampaign();
  const [values, setValues] = useState<DraftValues>(() => draftValues(campaign));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const pending = useRef<Partial<DraftValues>>({});
  const timer = useRef<number | undefined>(undefined);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(0);
  const { mutateAsync } = update;
  const id = campaign.id;

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const body = savableChanges(pending.current);
    if (Object.keys(body).length === 0) {
      if (inFlight.current === 0) setStatus('idle');
      return saving.current;
    }
    for (const key of Object.keys(body)) delete pending.current[key as keyof DraftValues];
    setStatus('saving');
    inFlight.current += 1;
    // One save at a time, in order: a later change never lands before an earlier one.
    saving.current = saving.current
      .then(() => mutateAsync({ id, body }))
      .then(
        () => {
          inFlight.current -= 1;
          setStatus(timer.current === undefined && inFlight.current === 0 ? 'saved' : 'saving');
          setError(null);
        },
        (failure: unknown) => {
          inFlight.current -= 1;
          setStatus('error');
          setError(failure);
        },
      );
    return saving.current;
  }, [id, mutateAsync]);

  // The latest values, for changes computed from them after an await (a CSV's new list).
  const latest = useRef(values);
  const change = useCallback(
    (update: Partial<DraftValues> | ((current: DraftValues) => Partial<DraftValues>)) => {
      const changes = typeof update === 'function' ? update(latest.current) : update;
      latest.current = { ...latest.current, ...changes };
      setValues(latest.current);
      pending.current = { ...pending.current, ...changes };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), SAVE_DELAY_MS);
      setStatus('saving');
    },
    [flush],
  );

  // Leaving the wizard saves what is still waiting.
  useEffect(() => () => void flush(), [flush]);

  return { values, change, flush, status, error };
}

export type Draft = ReturnType<typeof useDraft>;
