import { Badge } from '@mantine/core';
import type { CampaignState } from '@switchboard/contract';
import { useCampaignsText } from '../campaigns-text';

/** Colours whose light variant reads at WCAG AA in both themes (see app/theme.ts); null: neutral. */
const STATE_COLORS: Record<CampaignState, string | null> = {
  draft: null,
  scheduled: 'brand',
  sending: 'brand',
  paused: 'orange',
  completed: 'green',
  cancelled: null,
  failed: 'red',
};

/** A campaign's state in its colour. */
export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const t = useCampaignsText();
  return (
    <Badge
      variant={STATE_COLORS[state] ? 'light' : 'default'}
      color={STATE_COLORS[state] ?? undefined}
      data-testid="campaign-state"
      data-state={state}
    >
      {t(`states.${state}`)}
    </Badge>
  );
}
