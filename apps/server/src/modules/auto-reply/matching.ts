import type { KeywordMatch, Trigger } from '@switchboard/contract';
import { isOpen, localMoment } from './business-hours.js';
import { execPatterns } from './regex-runner.js';

/** The parts of a rule that decide whether it answers a message. */
export interface MatchableRule {
  id: string;
  priority: number;
  createdAt: Date;
  trigger: Trigger;
  timeZone: string;
  activeFrom: string | null;
  activeUntil: string | null;
}

/** A rule made ready for many messages: keywords normalised, patterns compiled. */
export interface CompiledRule<R extends MatchableRule = MatchableRule> {
  rule: R;
  /** Normalised keywords (exact, first word, contains), with the keyword as written. */
  keywords: { text: string; written: string }[];
  patterns: RegExp[];
}

export interface IncomingText {
  body: string;
  at: Date;
}

export interface MatchFacts {
  /** Whether this is the first message the contact ever sent the workspace (asked only if a rule needs it). */
  isFirstMessage(): Promise<boolean>;
}

export interface RuleMatch<R extends MatchableRule = MatchableRule> {
  rule: R;
  /** The keyword that matched as the rule spells it (regex: the text the pattern matched); '' otherwise. */
  keyword: string;
}

// Around a keyword: spaces and punctuation, not symbols (an emoji can be a keyword).
const EDGES = /^[\s\p{P}]+|[\s\p{P}]+$/gu;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
// Text or emoji presentation only ("❤" and "❤️" are one heart, whichever keyboard typed it); being
// marks, they would otherwise count as letters glued to the emoji.
const VARIATION_SELECTORS = /[\uFE0E\uFE0F]/gu;

/** What matching compares: NFC, runs of spaces as one, no surrounding spaces or punctuation, case folded unless asked. */
export function normaliseText(text: string, caseSensitive: boolean): string {
  const tidy = text.normalize('NFC').replace(VARIATION_SELECTORS, '').replace(/\s+/gu, ' ').replace(EDGES, '');
  return caseSensitive ? tidy : tidy.toLowerCase();
}

const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

/** `needle` occurs in `haystack` with no letter or digit glued to either side. */
function containsWords(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack.slice(0, at);
    const after = haystack.slice(at + needle.length);
    if (!isWordChar([...before].at(-1)) && !isWordChar([...after][0])) return true;
  }
  return false;
}

function keywordMatches(mode: Exclude<KeywordMatch, 'regex'>, text: string, keyword: string): boolean {
  // A keyword of punctuation only ("?") normalises to nothing, which every text would contain.
  if (!text || !keyword) return false;
  switch (mode) {
    case 'exact':
      return text === keyword;
    case 'first-word':
      return text.startsWith(keyword) && !isWordChar([...text.slice(keyword.length)][0]);
    case 'contains':
      return containsWords(text, keyword);
  }
}

/** Prepares rules for matching, in the order they are asked: priority, then the older rule first. */
export function compileRules<R extends MatchableRule>(rules: R[]): CompiledRule<R>[] {
  return [...rules]
    .sort(
      (a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
    )
    .map((rule) => {
      const t = rule.trigger;
      if (t.type !== 'keyword') return { rule, keywords: [], patterns: [] };
      if (t.match === 'regex')
        return { rule, keywords: [], patterns: t.keywords.map((k) => new RegExp(k, t.caseSensitive ? 'u' : 'iu')) };
      return {
        rule,
        keywords: t.keywords.map((k) => ({ text: normaliseText(k, t.caseSensitive), written: k })),
        patterns: [],
      };
    });
}

/** Every pattern of the rules, in order: what firstMatch runs on a message. */
export const patternsOf = (rules: CompiledRule[]) => rules.flatMap((r) => r.patterns);

/** The text patterns are run on. */
export const patternText = (body: string) => body.normalize('NFC');

/** The rule's active dates hold the local date of `at` (in the rule's time zone). */
export function isActiveOn(rule: MatchableRule, at: Date): boolean {
  if (!rule.activeFrom && !rule.activeUntil) return true;
  const { date } = localMoment(at, rule.timeZone);
  return (!rule.activeFrom || date >= rule.activeFrom) && (!rule.activeUntil || date <= rule.activeUntil);
}

/**
 * The first rule, in order, that answers this message, or null. Rules outside their active dates
 * are passed over. Regular expressions of all rules run once, together, under a time limit.
 */
export async function firstMatch<R extends MatchableRule>(
  rules: CompiledRule<R>[],
  message: IncomingText,
  facts: MatchFacts,
  /** The results of `patternsOf(rules)` on this message, when they were run with others (see prepare). */
  patternResults?: (string | null)[],
): Promise<RuleMatch<R> | null> {
  const results = patternResults ?? execPatterns(patternsOf(rules), patternText(message.body)).results;
  let patternIndex = 0;
  const normalised = new Map<boolean, string>();
  const textFor = (caseSensitive: boolean) => {
    let text = normalised.get(caseSensitive);
    if (text === undefined) normalised.set(caseSensitive, (text = normaliseText(message.body, caseSensitive)));
    return text;
  };

  for (const compiled of rules) {
    const { rule } = compiled;
    const ownResults = results.slice(patternIndex, (patternIndex += compiled.patterns.length));
    if (!isActiveOn(rule, message.at)) continue;
    const t = rule.trigger;
    switch (t.type) {
      case 'any':
        return { rule, keyword: '' };
      case 'first-message':
        if (await facts.isFirstMessage()) return { rule, keyword: '' };
        break;
      case 'outside-hours':
        if (!isOpen(t.schedule, t.holidays, localMoment(message.at, rule.timeZone))) return { rule, keyword: '' };
        break;
      case 'keyword': {
        if (t.match === 'regex') {
          const hit = ownResults.find((r) => r !== null);
          if (hit !== undefined && hit !== null) return { rule, keyword: hit };
          break;
        }
        const text = textFor(t.caseSensitive);
        const hit = compiled.keywords.find((k) =>
          keywordMatches(t.match as Exclude<KeywordMatch, 'regex'>, text, k.text),
        );
        if (hit) return { rule, keyword: hit.written };
        break;
      }
    }
  }
  return null;
}
