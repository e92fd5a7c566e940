import { Badge } from '@mantine/core';
import type { CampaignState } from '@switchboard/contract';
import { useCampaignsText } from '../campaigns-text';

const STATE_COLORS: Record<CampaignState, string> = {
  draft: 'gray',
  scheduled: 'violet',
  sending: 'blue',
  paused: 'orange',
  completed: 'green',
  cancelled: 'gray',
  failed: 'red',
};

/** A campaign's state in its colour. */
export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const t = useCampaignsText();
  return (
    <Badge variant="light" color={STATE_COLORS[state]} data-testid="campaign-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
