import type { CampaignAudience } from '@switchboard/contract';
import type { CampaignsText } from '../campaigns-text';

/** The audience in a few words: "All contacts", the list names and tags, or how many. */
export function audienceSummary(
  audience: CampaignAudience,
  listNames: ReadonlyMap<string, string>,
  t: CampaignsText,
): string {
  if (audience.all) return t('audienceSummary.all');
  const names = [
    ...audience.listIds.map((id) => listNames.get(id)).filter((name): name is string => !!name),
    ...audience.tags.map((tag) => `#${tag}`),
  ];
  if (names.length === 0) return t('audienceSummary.none');
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}
