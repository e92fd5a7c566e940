import { useQueryClient } from '@tanstack/react-query';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { storeVoiceContact, storeVoiceMessage } from './voice-cache';
import { voiceKeys } from './voice-keys';

/**
 * Keeps the voice inbox live from the workspace's socket events: a new voice message goes into
 * the lists that would show it, a changed one (listened, transcript) is replaced where it is, and
 * a caller's new name or opt-out state shows on their voice messages.
 * After a reconnect the lists are fetched again, since events may have been missed meanwhile.
 */
export function useVoiceEvents() {
  const queryClient = useQueryClient();
  useWorkspaceEvents(
    {
      'voice-message.created': ({ voiceMessage }) => storeVoiceMessage(queryClient, voiceMessage),
      'voice-message.updated': ({ voiceMessage }) => storeVoiceMessage(queryClient, voiceMessage),
      'contact.updated': ({ contact }) => storeVoiceContact(queryClient, contact),
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: voiceKeys.all }) },
  );
}
