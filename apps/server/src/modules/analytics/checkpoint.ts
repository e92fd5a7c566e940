import type { CheckpointReward } from '@switchboard/contract';
import { changeRatio } from './analytics-figures.js';

/**
 * The checkpoint milestone of the month, pure (test/lib/analytics-figures.test.ts): the round
 * numbers 10, 25, 50, 100, 250, 500, 1,000, … (1, 2.5 and 5 times a power of ten).
 */
export function nextMilestone(value: number): number {
  for (let power = 10; ; power *= 10) {
    for (const step of [power, power * 2.5, power * 5]) if (step > value) return step;
  }
}

export function checkpointOf(month: string, value: number, lastMonth: number): CheckpointReward {
  return {
    month,
    metric: 'messages-answered',
    value,
    lastMonth,
    change: changeRatio(value, lastMonth),
    reached: value > 0 && value >= lastMonth,
    nextMilestone: nextMilestone(value),
  };
}
