/**
 * The ?next= path to return to after sign-in, kept only when it is a path on this site: '/editnotice' yes,
 * '//evil.example', '/\evil.example' or 'https://…' no, so the sign-in page cannot send anyone elsewhere.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 300 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const base = 'http://same.site';
    const url = new URL(raw, base);
    if (url.origin !== base || url.pathname.toLowerCase().startsWith('/login')) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
