import autocannon from 'autocannon';
import { apiCall } from './server-process.js';

/** Latency figures of one case (ms), from every answer autocannon got. */
export interface Figures {
  name: string;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface LoadOptions {
  /** Requests per second, all connections together. */
  rate: number;
  /**
   * autocannon paces each connection on its own timer (rate / connections per second each), so
   * all of them fire together: few connections keep the bursts small.
   */
  connections: number;
  seconds: number;
}

/** `seconds` at a fixed rate; the latency of every answer, taken from autocannon's responses. */
export async function measure(
  name: string,
  url: string,
  authorization: string,
  { rate, connections, seconds }: LoadOptions,
): Promise<Figures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, overallRate: rate, duration: seconds, timeout: 5, headers: { authorization } },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    rate: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** Follows `nextCursor` (pages of 100) until `depth` rows were skipped; returns that cursor. */
export async function cursorAt(
  url: string,
  authorization: string,
  pathOf: (cursor?: string) => string,
  depth: number,
): Promise<string> {
  let cursor: string | undefined;
  for (let skipped = 0; skipped < depth; skipped += 100) {
    const page = await apiCall<{ nextCursor: string | null }>(url, authorization, 'GET', pathOf(cursor));
    if (!page.nextCursor) throw new Error(`${pathOf()} has fewer than ${depth} rows`);
    cursor = page.nextCursor;
  }
  return cursor!;
}

/** The figures as a Markdown table, and whether every case met the p95 target (if any) without errors. */
export function report(figures: Figures[], targetP95Ms?: number): void {
  console.log('| case | req/s (mean) | p50 ms | p95 ms | p99 ms | max ms | errors / non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  const ms = (n: number) => n.toFixed(1);
  for (const f of figures)
    console.log(
      `| ${f.name} | ${Math.round(f.rate)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.non2xx} |`,
    );
  if (targetP95Ms === undefined) return;
  const missed = figures.filter((f) => !(f.p95 <= targetP95Ms) || f.non2xx > 0);
  console.log(
    missed.length === 0
      ? `\nTarget p95 ≤ ${targetP95Ms} ms: met on every case.`
      : `\nTarget p95 ≤ ${targetP95Ms} ms: missed on ${missed.map((f) => f.name).join('; ')}.`,
  );
}

/** Several rounds of the same cases: each case's p95 as min / median / max, and whether every round met the target. */
export function reportRounds(rounds: Figures[][], targetP95Ms: number): void {
  console.log('| case | p95 ms min | median | max | p50 ms median | errors |');
  console.log('|---|---|---|---|---|---|');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  let missed = 0;
  for (const [i, first] of rounds[0]!.entries()) {
    const runs = rounds.map((round) => round[i]!);
    const p95s = runs.map((f) => f.p95);
    const errors = runs.reduce((sum, f) => sum + f.non2xx, 0);
    missed += runs.filter((f) => !(f.p95 <= targetP95Ms) || f.non2xx > 0).length;
    const ms = (n: number) => n.toFixed(1);
    console.log(
      `| ${first.name} | ${ms(Math.min(...p95s))} | ${ms(median(p95s))} | ${ms(Math.max(...p95s))} | ` +
        `${ms(median(runs.map((f) => f.p50)))} | ${errors} |`,
    );
  }
  console.log(
    missed === 0
      ? `\nTarget p95 ≤ ${targetP95Ms} ms: met on every case in every round.`
      : `\nTarget p95 ≤ ${targetP95Ms} ms: missed ${missed} time(s) of ${rounds.length * rounds[0]!.length}.`,
  );
}
