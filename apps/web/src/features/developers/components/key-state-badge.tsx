import { Badge } from '@mantine/core';
import type { ApiKey } from '@switchboard/contract';
import { useDevelopersText } from '../developers-text';
import { keyState, type KeyState } from '../lib/key-state';
import classes from './developers.module.css';

const COLORS: Record<KeyState, string> = { active: 'success', expired: 'warning', revoked: 'gray' };

/** Active, expired or revoked. */
export function KeyStateBadge({ apiKey }: { apiKey: ApiKey }) {
  const t = useDevelopersText();
  const state = keyState(apiKey);
  return (
    <Badge
      variant="light"
      radius="sm"
      color={COLORS[state]}
      classNames={{ root: classes.badge, label: state === 'revoked' ? classes.quietLabel : undefined }}
      data-state={state}
    >
      {t(`keys.state.${state}`)}
    </Badge>
  );
}
