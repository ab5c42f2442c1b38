import { describe, expect, it } from 'vitest';
import { sharedQuery } from '../../src/server/content-version';

/** A query whose answers the test releases by hand, recording when each one was sent. */
function controlledQuery() {
  const pending: ((value: number) => void)[] = [];
  let sent = 0;
  const query = () => {
    sent++;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { query, sent: () => sent, answer: (value: number) => pending.shift()!(value) };
}

describe('the shared content version read', () => {
  it('sends one query for callers that arrive together', async () => {
    const q = controlledQuery();
    const read = sharedQuery(q.query);
    const answers = Promise.all([read(), read(), read()]);
    // The first caller's query is out; the other two wait for one more query, sent when it returns.
    q.answer(1);
    await new Promise((r) => setTimeout(r, 0));
    q.answer(2);
    expect(await answers).toEqual([1, 2, 2]);
    expect(q.sent()).toBe(2);
  });

  it('never answers a caller with a query sent before it asked', async () => {
    const q = controlledQuery();
    const read = sharedQuery(q.query);
    const early = read();
    // A write commits here, after the first query left: a later caller must not get that query's answer.
    const late = read();
    q.answer(7);
    await new Promise((r) => setTimeout(r, 0));
    q.answer(8);
    expect(await early).toBe(7);
    expect(await late).toBe(8);
  });

  it('lets a failed query fail only its own callers', async () => {
    let calls = 0;
    const read = sharedQuery(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return 3;
    });
    const failing = read();
    const next = read();
    await expect(failing).rejects.toThrow('connection lost');
    expect(await next).toBe(3);
  });
});
