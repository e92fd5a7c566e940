import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@switchboard/contract';
import { useEffect, useMemo, useRef } from 'react';
import { campaignNames, withCampaigns, type ThreadPages } from '../lib/inbox-cache';
import { conversationKeys } from './conversation-keys';
import { fetchThreadPage } from './use-thread-messages';

/**
 * The names of the campaigns that sent a thread's messages, by id. Every page comes with the
 * names of its own; a campaign's message that arrived by socket carries only the id, so for an
 * id no page names the newest page is read once more (message events stay without names: they
 * go out for every send and delivery report).
 */
export function useThreadCampaignNames(
  conversationId: string,
  data: ThreadPages | undefined,
  messages: Message[],
): Map<string, string> {
  const queryClient = useQueryClient();
  const names = useMemo(() => campaignNames(data), [data]);
  const asked = useRef(new Set<string>());
  const unnamed = useMemo(() => {
    const ids = new Set<string>();
    for (const message of messages)
      if (message.campaignId && !names.has(message.campaignId)) ids.add(message.campaignId);
    return [...ids].join(',');
  }, [messages, names]);

  useEffect(() => {
    const ask = unnamed
      .split(',')
      .filter((id) => id && !asked.current.has(`${conversationId}:${id}`))
      .map((id) => `${conversationId}:${id}`);
    if (ask.length === 0) return;
    for (const key of ask) asked.current.add(key);
    // Without the names the badges keep saying "Campaign"; nothing to retry for.
    fetchThreadPage(conversationId, undefined).then(
      (newest) =>
        queryClient.setQueryData<ThreadPages>(conversationKeys.thread(conversationId), (held) =>
          withCampaigns(held, newest.campaigns),
        ),
      () => {},
    );
  }, [conversationId, unnamed, queryClient]);

  return names;
}
