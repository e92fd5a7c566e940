import vm from 'node:vm';

/** Longest time the patterns of one message may run before they count as not matching. */
export const REGEX_TIME_LIMIT_MS = 50;

// One context for every call, and one call per message for all of its patterns: entering the
// sandbox with a timeout costs ~60 µs, creating a context ~500 µs.
const sandbox = vm.createContext({ patterns: [] as RegExp[], text: '' });
const script = new vm.Script('patterns.map(function (p) { var m = p.exec(text); return m ? m[0] : null; })');

/**
 * Runs each pattern once on `text` and returns the matched text of each (null: no match). The
 * patterns passed a catastrophic-backtracking check when saved; the time limit is the backstop:
 * past it, every pattern of this message counts as not matching.
 */
export function execPatterns(
  patterns: RegExp[],
  text: string,
  timeLimitMs = REGEX_TIME_LIMIT_MS,
): { results: (string | null)[]; timedOut: boolean } {
  if (patterns.length === 0) return { results: [], timedOut: false };
  for (const p of patterns) p.lastIndex = 0;
  sandbox.patterns = patterns;
  sandbox.text = text;
  try {
    return { results: script.runInContext(sandbox, { timeout: timeLimitMs }) as (string | null)[], timedOut: false };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      return { results: patterns.map(() => null), timedOut: true };
    throw error;
  } finally {
    sandbox.patterns = [];
    sandbox.text = '';
  }
}
