import { useQueryClient } from '@tanstack/react-query';
import type { ContactEvent, VoiceMessageEvent } from '@switchboard/contract';
import { useEffect } from 'react';
import { useSocket } from '../../../lib/realtime';
import { onReconnect } from '../../../lib/socket-reconnect';
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
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const offReconnect = onReconnect(socket, () => void queryClient.invalidateQueries({ queryKey: voiceKeys.all }));
    const onVoiceMessage = ({ voiceMessage }: VoiceMessageEvent) => storeVoiceMessage(queryClient, voiceMessage);
    const onContact = ({ contact }: ContactEvent) => storeVoiceContact(queryClient, contact);
    socket.on('voice-message.created', onVoiceMessage);
    socket.on('voice-message.updated', onVoiceMessage);
    socket.on('contact.updated', onContact);
    return () => {
      offReconnect();
      socket.off('voice-message.created', onVoiceMessage);
      socket.off('voice-message.updated', onVoiceMessage);
      socket.off('contact.updated', onContact);
    };
  }, [socket, queryClient]);
}
