import { MAX_MESSAGE_LENGTH } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { planBatch } from '../../src/modules/developer-api/batch-plan.js';
import { spreadDues } from '../../src/modules/messaging/queue-batch.js';

describe('planBatch', () => {
  it('personalises each recipient with its variables, defaults and number', () => {
    const { accepted, refusals } = planBatch('Hi {name|there} ({number}), {code}', [
      { to: '+12025550101', variables: { name: 'Ada', code: '1' } },
      { to: '0012025550102', variables: { name: '  ', code: '2' } },
    ]);
    expect(refusals).toEqual([]);
    expect(accepted).toEqual([
      { index: 0, given: '+12025550101', to: '+12025550101', body: 'Hi Ada (+12025550101), 1' },
      { index: 1, given: '0012025550102', to: '+12025550102', body: 'Hi there (+12025550102), 2' },
    ]);
  });

  it('refuses invalid numbers, repeats of a number, missing variables, and texts too long or empty', () => {
    const { accepted, refusals } = planBatch('{greeting} {long|}', [
      { to: '12345', variables: { greeting: 'x' } },
      { to: '+12025550101', variables: { greeting: 'hello' } },
      { to: '+1 (202) 555-0101', variables: { greeting: 'again' } },
      { to: '+12025550103' },
      { to: '+12025550104', variables: { greeting: 'y', long: 'z'.repeat(MAX_MESSAGE_LENGTH) } },
      { to: '+12025550105', variables: { greeting: ' ' } },
    ]);
    expect(accepted.map((a) => a.index)).toEqual([1]);
    expect(refusals).toEqual([
      { index: 0, to: '12345', reason: 'invalid_number' },
      { index: 2, to: '+1 (202) 555-0101', reason: 'duplicate' },
      { index: 3, to: '+12025550103', reason: 'missing_variable' },
      { index: 4, to: '+12025550104', reason: 'too_long' },
      { index: 5, to: '+12025550105', reason: 'missing_variable' },
    ]);
  });

  it('refuses a text that personalises to nothing', () => {
    expect(planBatch('{x|}', [{ to: '+12025550101' }]).refusals).toEqual([
      { index: 0, to: '+12025550101', reason: 'empty_text' },
    ]);
  });
});

describe('spreadDues', () => {
  it('gives every message the start when not spread', () => {
    expect(spreadDues([1, 2, 1], 1_000, 10, false)).toEqual([1_000, 1_000, 1_000]);
  });

  it('spaces messages by the segments before them at the network’s rate', () => {
    // 2 segments a second: 1 segment = 500 ms, a 3-part message holds the next one back 1.5 s.
    expect(spreadDues([1, 3, 1, 1], 0, 2, true)).toEqual([0, 500, 2_000, 2_500]);
  });
});
