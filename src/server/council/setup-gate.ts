import type http from 'node:http';
import { messages } from '../../i18n/messages';
import { awaitingSetup, SETUP_PATH } from './setup';
import { currentCouncil, type Council } from '../council-context';
import { processSingleton } from '../singleton';

/**
 * The councils this process has seen set up. A council never goes back to waiting for its setup (its identity
 * is edited, never deleted), so once seen, no request of it asks again.
 */
const setUpCouncils = () => processSingleton('councils-set-up', () => new Set<number>());

/** Whether the council is known to be set up, answered without waiting: then no address of it is held back. */
export function knownSetUp(council: Council): boolean {
  return setUpCouncils().has(council.id);
}

/**
 * Until the council is set up, every address but the setup page (and the static files its page needs) answers
 * one plain page, 503, in both languages: nobody reaches a page, a form or a call of a council that has no
 * name yet, and nothing is cached. Answers true when it answered the request.
 */
export async function answeredWhileSettingUp(routedPath: string, res: http.ServerResponse, headers: Readonly<Record<string, string>>): Promise<boolean> {
  if (routedPath === SETUP_PATH) return false;
  const council = currentCouncil();
  if (knownSetUp(council)) return false;
  if (!(await awaitingSetup())) {
    setUpCouncils().add(council.id);
    return false;
  }
  const en = messages('en').council;
  const hi = messages('hi').council;
  const body = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${en.pendingTitle}</title></head>`,
    `<body><main><h1>${en.pendingTitle}</h1><p>${en.pendingText}</p>`,
    `<h2 lang="hi">${hi.pendingTitle}</h2><p lang="hi">${hi.pendingText}</p></main></body></html>`,
  ].join('\n');
  res.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '3600' });
  res.end(body);
  return true;
}
