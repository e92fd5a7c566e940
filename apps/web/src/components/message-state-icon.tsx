import type { MessageState } from '@switchboard/contract';
import { IconAlertCircle, IconBan, IconCheck, IconChecks, IconClock, type Icon } from '@tabler/icons-react';

const STATE_ICONS: Record<MessageState, Icon> = {
  queued: IconClock,
  sending: IconClock,
  sent: IconCheck,
  delivered: IconChecks,
  failed: IconAlertCircle,
  received: IconCheck,
  cancelled: IconBan,
};

/** A message's state as an icon (the inbox thread, the virtual phone); the state's name is written beside it. */
export function MessageStateIcon({ state, size = 14 }: { state: MessageState; size?: number }) {
  const StateIcon = STATE_ICONS[state];
  return <StateIcon size={size} aria-hidden />;
}
