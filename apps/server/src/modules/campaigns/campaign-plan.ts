import { parseTemplate, personalise, type CampaignExclusions, type MessageEncoding } from '@switchboard/contract';
import { countSegments } from '../../lib/sms-segments.js';
import type { AudienceContact } from '../contacts/contacts.service.js';
import { outOfQuietHoursMs, zoneForRecipient, type QuietWindow } from './quiet-hours.js';

const E164 = /^\+[1-9]\d{6,14}$/;

export interface PlanNetwork {
  id: string;
  /** The network's limit, parts a second. */
  throughput: number;
}

/**
 * Each network's share of a campaign's rate, "filled in turn up to each one's rate": the first
 * takes min(rate, its limit), the next min(what is left, its limit) … Networks left at 0 get
 * nobody.
 */
export function rateShares(rate: number, networks: PlanNetwork[]): Map<string, number> {
  const shares = new Map<string, number>();
  let left = rate;
  for (const network of networks) {
    const share = Math.max(0, Math.min(left, network.throughput));
    if (share > 0) shares.set(network.id, share);
    left -= share;
  }
  return shares;
}

export interface PlanInput {
  body: string;
  contacts: AudienceContact[];
  shares: Map<string, number>;
  /** Epoch ms of the first message. */
  start: number;
  quietHours: QuietWindow | null;
  workspaceZone: string;
}

/** What a start queues, column by column, and what it left out. */
export interface CampaignPlan {
  contactIds: string[];
  phoneNumbers: string[];
  networkIds: string[];
  bodies: string[];
  encodings: MessageEncoding[];
  segments: number[];
  dues: number[];
  exclusions: CampaignExclusions;
  totalSegments: number;
  maxSegments: number;
  encoding: MessageEncoding;
}

/**
 * Spreads messages over networks in proportion to their shares (each next message goes to the
 * network whose next slot comes first) and gives each its due time: message i of a network at
 * start + i / share seconds, then pushed out of quiet hours in the recipient's zone.
 */
export function createSpreader(
  shares: Map<string, number>,
  start: number,
  input: Omit<PlanInput, 'body' | 'contacts' | 'shares' | 'start'>,
) {
  const networks = [...shares.entries()];
  const sent = networks.map(() => 0);
  const zones = new Map<string, string>();
  // Quiet hours start and end on whole minutes and zones are whole minutes apart, so every
  // instant of a minute gets the same answer as its first: kept per zone for the last minute
  // asked (a network's due times only grow), ~100× fewer calendar computations.
  const lastMinute = new Map<string, { minute: number; end: number | null }>();
  const quiet = (due: number, zone: string): number => {
    const minute = Math.floor(due / 60_000);
    let known = lastMinute.get(zone);
    if (known?.minute !== minute) {
      const start = minute * 60_000;
      const out = outOfQuietHoursMs(start, zone, input.quietHours!);
      known = { minute, end: out === start ? null : out };
      lastMinute.set(zone, known);
    }
    return known.end ?? due;
  };
  return (phoneNumber: string, timeZone: string | null): { networkId: string; due: number } => {
    let best = 0;
    for (let j = 1; j < networks.length; j++) {
      if (sent[j]! / networks[j]![1] < sent[best]! / networks[best]![1]) best = j;
    }
    const [networkId, share] = networks[best]!;
    let due = start + Math.floor((sent[best]! * 1000) / share);
    sent[best]! += 1;
    if (input.quietHours) {
      // A number's country (so its zone) follows from its first digits, at most 8 after the "+"
      // (Christmas Island: +61 8 9164): numbers sharing them share the answer.
      const key = timeZone ?? phoneNumber.slice(0, 9);
      let zone = zones.get(key);
      if (!zone) {
        zone = zoneForRecipient(phoneNumber, timeZone, input.workspaceZone);
        zones.set(key, zone);
      }
      due = quiet(due, zone);
    }
    return { networkId, due };
  };
}

/**
 * The whole start in memory, one pass over the audience: opted-out, invalid numbers, duplicates
 * and texts with a missing variable are counted and left out; every other recipient gets its
 * personalised text, its segments, a network and a due time.
 */
export function planCampaign(input: PlanInput): CampaignPlan {
  const parts = parseTemplate(input.body);
  const spread = createSpreader(input.shares, input.start, input);
  const plan: CampaignPlan = {
    contactIds: [],
    phoneNumbers: [],
    networkIds: [],
    bodies: [],
    encodings: [],
    segments: [],
    dues: [],
    exclusions: { optedOut: 0, invalid: 0, duplicate: 0, missingVariable: 0 },
    totalSegments: 0,
    maxSegments: 0,
    encoding: 'GSM-7',
  };
  const values: Record<string, string | null> = {};
  for (const contact of input.contacts) {
    plan.exclusions.duplicate += contact.extraHits;
    if (contact.optedOut) {
      plan.exclusions.optedOut += 1;
      continue;
    }
    if (!E164.test(contact.phoneNumber)) {
      plan.exclusions.invalid += 1;
      continue;
    }
    for (const key in values) values[key] = null;
    if (contact.customFields) Object.assign(values, contact.customFields);
    values.name = contact.name;
    values.number = contact.phoneNumber;
    const { text, missing } = personalise(parts, values);
    if (missing.length) {
      plan.exclusions.missingVariable += 1;
      continue;
    }
    const { encoding, segments } = countSegments(text);
    const { networkId, due } = spread(contact.phoneNumber, contact.timeZone);
    plan.contactIds.push(contact.id);
    plan.phoneNumbers.push(contact.phoneNumber);
    plan.networkIds.push(networkId);
    plan.bodies.push(text);
    plan.encodings.push(encoding);
    plan.segments.push(segments);
    plan.dues.push(due);
    plan.totalSegments += segments;
    if (segments > plan.maxSegments) plan.maxSegments = segments;
    if (encoding === 'UCS-2') plan.encoding = 'UCS-2';
  }
  return plan;
}
