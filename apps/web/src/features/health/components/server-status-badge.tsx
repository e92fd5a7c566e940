import { Badge } from '@mantine/core';
import { useServerHealth } from '../api/use-server-health';

const LABEL = { checking: 'Checking server…', ok: 'Server ready', unavailable: 'Server unavailable' } as const;
const COLOR = { checking: 'gray', ok: 'green', unavailable: 'red' } as const;

export function ServerStatusBadge() {
  const health = useServerHealth();
  return (
    <Badge color={COLOR[health]} variant="light" data-testid="server-status" data-status={health}>
      {LABEL[health]}
    </Badge>
  );
}
