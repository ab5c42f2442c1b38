import { pathIn, type Lang } from '../../i18n/lang';

/**
 * The state console's screens are the state module's files under pages/state-console/ (so no council route can
 * take their addresses), answered on the state's host at the same path without that prefix:
 * `/state-console/audit` is `/audit` there, and `/hi/audit` in Hindi. The Node entry adds the prefix (src/server/main.ts); links and
 * redirects take it off with consolePath.
 */
export const CONSOLE_PREFIX = '/state-console';

/** The console's own address of a path (with or without its file prefix, with any query) in `lang`. */
export function consolePath(lang: Lang, path: string): string {
  const bare = path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`) || path.startsWith(`${CONSOLE_PREFIX}?`) ? path.slice(CONSOLE_PREFIX.length) || '/' : path;
  return pathIn(lang, bare.startsWith('?') ? `/${bare}` : bare);
}

/** The file path a console address on the state's host is answered by: `/` is `/state-console`. */
export function consoleRoute(path: string): string {
  return path === '/' ? CONSOLE_PREFIX : `${CONSOLE_PREFIX}${path}`;
}
