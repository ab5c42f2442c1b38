import type http from 'node:http';
import { SECURITY_HEADERS } from '../security-headers';
import type { CouncilRecord } from './registry';

/**
 * The few pages the platform answers itself, outside every council's site: for a host no council claims (the
 * councils and their addresses, never another council's site), and for a council that cannot serve (disabled
 * by the state, or its database not ready). Plain HTML in both languages, no script, no stored data beyond
 * the councils' names and hosts. Their style allows no font file (the policy loads nothing), so Hindi is set in
 * the Devanagari faces devices carry (Noto, Nirmala UI on Windows, Kohinoor on Apple's, Lohit on Linux).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Devanagari',sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}:lang(hi){font-family:'Noto Sans Devanagari','Nirmala UI',Mangal,'Kohinoor Devanagari','Lohit Devanagari',system-ui,sans-serif;line-height:1.7}a{color:#0b4f9c}li{margin:.5rem 0}</style>
</head><body>${body}</body></html>`;
}

function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, html: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(html);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A host no council claims: the list of councils, each linked at its first host (404: this host has no site). */
export function answerPlatformPage(req: http.IncomingMessage, res: http.ServerResponse, councils: readonly CouncilRecord[], port: number | null): void {
  const suffix = port && port !== 80 && port !== 443 ? `:${port}` : '';
  const items = councils
    .filter((c) => c.status === 'active' && c.hosts.length > 0)
    .map((c) => `<li><a href="//${escape(c.hosts[0])}${suffix}/" lang="en">${escape(c.name)}</a> · <span lang="hi">${escape(c.nameHindi)}</span></li>`)
    .join('');
  send(
    req,
    res,
    404,
    page(
      'Councils on this platform',
      `<h1>Councils on this platform</h1><p lang="hi">इस मंच पर नगर निकाय</p>
<p>No council's website is at this address. The councils served here are:</p>
<p lang="hi">इस पते पर किसी नगर निकाय की वेबसाइट नहीं है। यहाँ ये नगर निकाय हैं:</p>
<ul>${items}</ul>`,
    ),
  );
}

/** An address the state's host has nothing at (its screens and calls are all it answers). */
export function answerStateNotFound(req: http.IncomingMessage, res: http.ServerResponse): void {
  send(req, res, 404, page('Not found', `<h1>Not found</h1><p>The state console has nothing at this address. <a href="/">Councils</a></p><p lang="hi">राज्य कंसोल पर इस पते पर कुछ नहीं है। <a href="/hi">नगर निकाय</a></p>`));
}

/** A council that cannot serve now: disabled by the state (its data kept), or its database not ready. */
export function answerCouncilUnavailable(req: http.IncomingMessage, res: http.ServerResponse, council: CouncilRecord, disabled: boolean): void {
  const [en, hi] = disabled
    ? ['This council\'s website has been switched off by the state. Its records are kept.', 'इस नगर निकाय की वेबसाइट राज्य द्वारा बंद की गई है। इसके अभिलेख सुरक्षित हैं।']
    : ['This council\'s website cannot be reached just now. Please try again later.', 'इस नगर निकाय की वेबसाइट अभी उपलब्ध नहीं है। कृपया बाद में प्रयास करें।'];
  send(
    req,
    res,
    503,
    page(council.name, `<h1>${escape(council.name)}</h1><p>${en}</p><h2 lang="hi">${escape(council.nameHindi)}</h2><p lang="hi">${hi}</p>`),
    disabled ? {} : { 'retry-after': '60' },
  );
}
