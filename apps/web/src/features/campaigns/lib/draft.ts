import {
  UpdateCampaignBodySchema,
  type Campaign,
  type CampaignAudience,
  type CampaignSchedule,
  type QuietHours,
  type UpdateCampaignBody,
} from '@switchboard/contract';

/** What the wizard edits of a draft. */
export interface DraftValues {
  name: string;
  networkIds: string[];
  audience: CampaignAudience;
  body: string;
  schedule: CampaignSchedule;
  ratePerSecond: number;
  quietHours: QuietHours | null;
}

export function draftValues(campaign: Campaign): DraftValues {
  const { name, networkIds, audience, body, schedule, ratePerSecond, quietHours } = campaign;
  return { name, networkIds, audience, body, schedule, ratePerSecond, quietHours };
}

/**
 * The changed fields that the server would accept, as a PATCH body. A field being typed that is
 * not valid yet (an empty name, equal quiet hours) waits: it is sent once it is.
 */
export function savableChanges(changes: Partial<DraftValues>): UpdateCampaignBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (UpdateCampaignBodySchema.safeParse({ [key]: value }).success) body[key] = value;
  }
  return body as UpdateCampaignBody;
}

/** The highest rate the chosen networks allow together (each up to its own throughput). */
export function maxRate(networkIds: string[], throughputs: ReadonlyMap<string, number>): number {
  return networkIds.reduce((sum, id) => sum + (throughputs.get(id) ?? 0), 0);
}
