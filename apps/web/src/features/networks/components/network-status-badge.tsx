import { Badge, type BadgeProps } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { shownStatus, STATUS_COLORS } from '../lib/network-kinds';
import { useNetworksText } from '../networks-text';
import classes from './network-status-badge.module.css';

interface NetworkStatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  network: Pick<Network, 'status' | 'enabled'>;
}

/** Connected, disconnected, error or disabled; a connected network's dot pulses. */
export function NetworkStatusBadge({ network, ...props }: NetworkStatusBadgeProps) {
  const t = useNetworksText();
  const status = shownStatus(network);
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      classNames={STATUS_COLORS[status] === 'gray' ? { label: classes.quietLabel } : undefined}
      radius="sm"
      data-status={status}
      {...props}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
