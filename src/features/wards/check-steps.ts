import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The boundary check's work, kept bounded and shared out. The check is written as generators that yield
 * every so often: run to the end at once (unit tests, scripts), or in slices of a few milliseconds with the
 * event loop let through between them (the server), so that a large file being checked never holds up the
 * pages other visitors are waiting for. A budget counts the candidates the spatial indexes hand out: a
 * file whose shapes would need more is refused as too intricate rather than checked for minutes.
 */
export type Steps<T> = Generator<void, T, void>;

/** Thrown when the check would spend more than its budget; the check turns it into a refusal. */
export class OverBudget extends Error {
  constructor(readonly max: number) {
    super('over budget');
  }
}

export class Budget {
  private used = 0;
  constructor(readonly max: number) {}

  spend(units: number): void {
    this.used += units;
    if (this.used > this.max) throw new OverBudget(this.max);
  }

  get spent(): number {
    return this.used;
  }
}

/** How many units of work pass between two chances to yield: a few tens of microseconds. */
const STEP = 1024;

/** Counts work done and says when a yield is due; `if (pace.tick()) yield;` in a loop. */
export class Pace {
  private count = 0;
  tick(units = 1): boolean {
    this.count += units;
    if (this.count < STEP) return false;
    this.count = 0;
    return true;
  }
}

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** How long one slice may hold the event loop: well under what a visitor would notice. */
const SLICE_MS = 8;

export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  for (;;) {
    const until = performance.now() + sliceMs;
    do {
      const next = steps.next();
      if (next.done) return next.value;
    } while (performance.now() < until);
    await nextTurn();
  }
}
