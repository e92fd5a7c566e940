import vm from 'node:vm';

/** Longest time the patterns of one message may run before they count as not matching. */
export const REGEX_TIME_LIMIT_MS = 50;

export interface PatternJob {
  patterns: RegExp[];
  text: string;
}

export interface PatternResults {
  /** The matched text of each pattern (null: no match). */
  results: (string | null)[];
  timedOut: boolean;
}

// One context for every call. Entering it with a time limit starts a watchdog (~60 µs idle, far
// more on a busy machine), so the patterns of many messages run in one call (execPatternJobs).
const sandbox = vm.createContext({ jobs: [] as PatternJob[] });
const script = new vm.Script(
  'jobs.map(function (job) { return job.patterns.map(function (p) { var m = p.exec(job.text); return m ? m[0] : null; }); })',
);

function runTimed(jobs: PatternJob[], timeLimitMs: number): (string | null)[][] | 'timeout' {
  for (const job of jobs) for (const p of job.patterns) p.lastIndex = 0;
  sandbox.jobs = jobs;
  try {
    return script.runInContext(sandbox, { timeout: timeLimitMs }) as (string | null)[][];
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
    throw error;
  } finally {
    sandbox.jobs = [];
  }
}

/**
 * Runs each job's patterns once on its text. The patterns passed a catastrophic-backtracking check
 * when saved; the time limit is the backstop. When the jobs together run past it, each job runs
 * again alone under its own limit, so only the message that is slow loses its matches.
 */
export function execPatternJobs(jobs: PatternJob[], timeLimitMs = REGEX_TIME_LIMIT_MS): PatternResults[] {
  const busy = jobs.filter((job) => job.patterns.length > 0);
  if (busy.length === 0) return jobs.map(() => ({ results: [], timedOut: false }));
  const together = busy.length > 1 ? runTimed(busy, timeLimitMs) : 'timeout';
  let next = 0;
  return jobs.map((job) => {
    if (job.patterns.length === 0) return { results: [], timedOut: false };
    if (together !== 'timeout') return { results: together[next++]!, timedOut: false };
    const alone = runTimed([job], timeLimitMs);
    return alone === 'timeout'
      ? { results: job.patterns.map(() => null), timedOut: true }
      : { results: alone[0]!, timedOut: false };
  });
}

/** Runs the patterns once on `text` under the time limit (see execPatternJobs). */
export function execPatterns(patterns: RegExp[], text: string, timeLimitMs = REGEX_TIME_LIMIT_MS): PatternResults {
  return execPatternJobs([{ patterns, text }], timeLimitMs)[0]!;
}
