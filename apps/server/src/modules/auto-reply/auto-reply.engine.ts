import { complianceKeywordOf, renderReply, type NoReplyReason } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { normaliseSender, toE164 } from '../../lib/phone-number.js';
import type { RecentFirings, RuleRow } from './auto-reply.repository.js';
import { localMoment } from './business-hours.js';
import { compileRules, firstMatch, patternsOf, patternText, type CompiledRule } from './matching.js';
import { execPatternJobs } from './regex-runner.js';

/**
 * How long a workspace's rules are reused before they are read again: a safety net, since a
 * change (of its rules, settings or networks) drops them at once on this instance and on the
 * others through a notice (auto-reply.service.ts).
 */
export const RULE_CACHE_MS = 60_000;
const RULE_CACHE_SIZE = 5_000;
const HOUR_MS = 3_600_000;

/** A message the engine is asked about: stored (the pipeline) or only typed (Try a message). */
export interface EngineInput {
  workspaceId: string;
  networkId: string;
  /** The sender as the channel reported it. */
  from: string;
  body: string;
  /** When the contact sent it (business hours and active dates look at this). */
  sentAt: Date;
  /** The contact if the workspace knows the number. */
  contact: { id: string; name: string | null; optedOut: boolean } | null;
  /** The stored message itself (left out when asking whether it is the contact's first). */
  messageId: string | null;
}

/** A message's rules and their patterns' results, worked out with the rest of its batch (see prepare). */
export interface Prepared {
  workspace: WorkspaceRules;
  rules: CompiledRule<RuleRow>[];
  patternResults: (string | null)[];
}

export type Decision =
  | { outcome: 'reply'; rule: RuleRow; reply: string; to: string }
  | { outcome: 'none'; reason: NoReplyReason; rule: RuleRow | null; retryAt: Date | null };

export interface WorkspaceRules {
  until: number;
  rules: CompiledRule<RuleRow>[];
  ownNumbers: Set<string>;
  networkNames: Map<string, string>;
  hourlyLimit: number;
}

const SHORT_CODE = /^\+?\d{3,6}$/;

/** A firing decided earlier in the same inbound batch, not written yet (auto-reply-step.ts). */
export interface PendingFiring {
  contactId: string;
  ruleId: string;
  createdAt: Date;
}

/** The contact's recent firings with the batch's pending ones counted as if written. */
function withPending(
  recent: RecentFirings,
  pending: readonly PendingFiring[],
  contactId: string,
  ruleId: string,
): RecentFirings {
  let { inLastHour, oldestInLastHour, lastOfRule } = recent;
  for (const firing of pending) {
    if (firing.contactId !== contactId) continue;
    inLastHour += 1;
    if (!oldestInLastHour || firing.createdAt < oldestInLastHour) oldestInLastHour = firing.createdAt;
    if (firing.ruleId === ruleId && (!lastOfRule || firing.createdAt > lastOfRule)) lastOfRule = firing.createdAt;
  }
  return { inLastHour, oldestInLastHour, lastOfRule };
}

/** Where the engine reads (its own rules and firings; the rest through the owners' services). */
export interface EngineSources {
  rules(workspaceId: string, db: Db): Promise<RuleRow[]>;
  /** The workspace's networks (networks service). */
  networksOf(workspaceId: string, db: Db): Promise<Array<{ id: string; name: string; address: string }>>;
  /** The loop guard's limit (stored on the workspace). */
  hourlyLimit(workspaceId: string, db: Db): Promise<number | undefined>;
  /** Whether the contact texted before (messaging's history). */
  hasEarlierInbound(workspaceId: string, contactId: string, exceptMessageId: string | null, db: Db): Promise<boolean>;
  recentFirings(
    db: Db,
    workspaceId: string,
    contactId: string,
    ruleId: string,
    hourAgo: Date,
    since: Date,
  ): Promise<RecentFirings>;
}

/**
 * A workspace's rules, networks and hourly limit, compiled and cached. Forgets are counted: rules
 * read while one happened are used once but not kept.
 */
function createWorkspaceRulesCache(repo: EngineSources) {
  const cache = new Map<string, WorkspaceRules>();
  let forgets = 0;

  async function rulesOf(workspaceId: string, db: Db): Promise<WorkspaceRules> {
    const hit = cache.get(workspaceId);
    if (hit && hit.until > Date.now()) return hit;
    const started = forgets;
    // One after another: `db` is usually the pipeline's transaction, whose one connection runs
    // one query at a time (node-postgres deprecates overlapping them). A miss is rare.
    const rows = await repo.rules(workspaceId, db);
    const nets = await repo.networksOf(workspaceId, db);
    const hourlyLimit = await repo.hourlyLimit(workspaceId, db);
    const loaded: WorkspaceRules = {
      until: Date.now() + RULE_CACHE_MS,
      rules: compileRules(rows.filter((r) => r.enabled)),
      ownNumbers: new Set(nets.map((n) => normaliseSender(n.address))),
      networkNames: new Map(nets.map((n) => [n.id, n.name])),
      hourlyLimit: hourlyLimit ?? 5,
    };
    if (started !== forgets) return loaded;
    if (cache.size >= RULE_CACHE_SIZE) cache.clear();
    cache.set(workspaceId, loaded);
    return loaded;
  }

  return {
    rulesOf,
    /** Drops a workspace's cached rules (after any change to them or its settings). */
    forget(workspaceId: string): void {
      forgets += 1;
      cache.delete(workspaceId);
    },
    /** Drops every workspace's (a network changed, or the cluster bus lost notices). */
    forgetAll(): void {
      forgets += 1;
      cache.clear();
    },
  };
}

/**
 * Decides which rule, if any, answers a message (DESIGN §2 "Auto-reply"): compliance keywords and
 * the loop guards first, then the workspace's enabled rules of the network in order, then the
 * matched rule's cooldown and the hourly limit. It only reads; the caller sends and records.
 */
export function createAutoReplyEngine(repo: EngineSources) {
  const { rulesOf, forget, forgetAll } = createWorkspaceRulesCache(repo);

  const none = (reason: NoReplyReason, rule: RuleRow | null = null, retryAt: Date | null = null): Decision => ({
    outcome: 'none',
    reason,
    rule,
    retryAt,
  });

  const rulesFor = (workspace: WorkspaceRules, networkId: string) =>
    workspace.rules.filter(({ rule }) => rule.allNetworks || rule.networkIds.includes(networkId));

  /**
   * Loads the rules of a batch's messages and runs all their patterns in one time-limited call
   * (one watchdog for the batch, not one per message).
   */
  async function prepare(
    messages: Pick<EngineInput, 'workspaceId' | 'networkId' | 'body'>[],
    db: Db,
  ): Promise<Prepared[]> {
    const prepared: Omit<Prepared, 'patternResults'>[] = [];
    for (const message of messages) {
      const workspace = await rulesOf(message.workspaceId, db);
      prepared.push({ workspace, rules: rulesFor(workspace, message.networkId) });
    }
    const results = execPatternJobs(
      prepared.map((p, i) => ({ patterns: patternsOf(p.rules), text: patternText(messages[i]!.body) })),
    );
    return prepared.map((p, i) => ({ ...p, patternResults: results[i]!.results }));
  }

  /**
   * `prepared`: what prepare worked out for this message with its batch (else it is worked out
   * here); `pending`: the batch's firings decided before this message and not written yet.
   */
  async function decide(
    input: EngineInput,
    db: Db,
    now = new Date(),
    prepared?: Prepared,
    pending: readonly PendingFiring[] = [],
  ): Promise<Decision> {
    if (complianceKeywordOf(input.body)) return none('opt-out-keyword');
    if (input.contact?.optedOut) return none('opted-out');
    // As the channel normalised it (normaliseSender): E.164 when it reads as a number, else as given.
    const to = toE164(input.from) ?? toE164(`+${input.from.trim()}`);
    const sender = to ?? input.from.trim();
    const workspace = prepared?.workspace ?? (await rulesOf(input.workspaceId, db));
    if (workspace.ownNumbers.has(sender)) return none('own-number');
    if (SHORT_CODE.test(sender)) return none('short-code');
    if (!to) return none('not-a-number');

    const rules = prepared?.rules ?? rulesFor(workspace, input.networkId);
    const contact = input.contact;
    const match = await firstMatch(
      rules,
      { body: input.body, at: input.sentAt },
      {
        isFirstMessage: async () =>
          !contact || !(await repo.hasEarlierInbound(input.workspaceId, contact.id, input.messageId, db)),
      },
      prepared?.patternResults,
    );
    if (!match) return none('no-match');
    const { rule } = match;

    if (contact) {
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const cooldownStart = new Date(now.getTime() - rule.cooldownMinutes * 60_000);
      const since = cooldownStart < hourAgo ? cooldownStart : hourAgo;
      const recent = withPending(
        await repo.recentFirings(db, input.workspaceId, contact.id, rule.id, hourAgo, since),
        pending,
        contact.id,
        rule.id,
      );
      if (recent.lastOfRule && rule.cooldownMinutes > 0 && recent.lastOfRule > cooldownStart)
        return none('cooldown', rule, new Date(recent.lastOfRule.getTime() + rule.cooldownMinutes * 60_000));
      if (recent.inLastHour >= workspace.hourlyLimit)
        return none(
          'hourly-limit',
          rule,
          recent.oldestInLastHour && new Date(recent.oldestInLastHour.getTime() + HOUR_MS),
        );
    }

    const reply = renderReply(rule.replyText, {
      name: contact?.name ?? '',
      number: to,
      keyword: match.keyword,
      network: workspace.networkNames.get(input.networkId) ?? '',
      date: localMoment(now, rule.timeZone).date,
    });
    if (!reply) return none('no-match');
    return { outcome: 'reply', rule, reply, to };
  }

  return {
    prepare,
    decide,
    forget,
    forgetAll,
  };
}

export type AutoReplyEngine = ReturnType<typeof createAutoReplyEngine>;
