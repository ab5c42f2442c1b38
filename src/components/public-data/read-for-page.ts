/**
 * A part of a public page read from the database: what was read or, when the read failed, the fallback and
 * `failed` (the fault logged under `what`), so that the part says it could not be shown and the rest of the
 * page still renders. A page whose main content failed answers 500 itself: only its own frontmatter may set
 * the status.
 */
export async function readForPage<T>(what: string, read: () => Promise<T>, fallback: T): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await read(), failed: false };
  } catch (err) {
    console.error(`${what} failed:`, err);
    return { value: fallback, failed: true };
  }
}
