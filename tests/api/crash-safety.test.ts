import { describe, expect, it } from 'vitest';
import { runFaultTest } from '../../scripts/ops/fault-run';

/**
 * The short version of `npm run faulttest`: a few SIGKILLs of the server under concurrent admin writes.
 * Every write answered 2xx must be there after the restart, whole, and the file must pass integrity_check.
 */
describe('crash safety', () => {
  it('keeps every acknowledged write, whole, through kill -9 and restart', async () => {
    const figures = await runFaultTest({ rounds: 3, writers: 3, killAfterMs: [150, 1200], log: () => {} });
    expect(figures.acknowledged).toBeGreaterThan(0);
    expect(figures.lost).toEqual([]);
    expect(figures.found).toBe(figures.acknowledged);
    expect(figures.integrity).toEqual([]);
    expect(figures.recordsWithoutFile).toEqual([]);
    expect(figures.filesWithoutRecord).toEqual([]);
    expect(figures.duplicates).toEqual([]);
  }, 90_000);
});
