/** Polls `read` until it answers something other than undefined: at most `tries` times, `everyMs` apart. */
export async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, { tries = 100, everyMs = 50 } = {}): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`never happened: ${what}`);
}
