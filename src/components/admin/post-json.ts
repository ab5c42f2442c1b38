/**
 * A JSON POST from a back office island, with the session's cookie: the answer's status and its parsed body
 * (null when it had none), or null when the server could not be reached.
 */
export async function postJson(url: string, body: unknown): Promise<{ status: number; ok: boolean; answer: unknown } | null> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  return { status: res.status, ok: res.ok, answer: await res.json().catch(() => null) };
}
