/**
 * YouTube links, browser-safe. A link is kept as its video id's watch address; it is shown through the
 * privacy-enhanced youtube-nocookie.com player, and only after the visitor presses play: until then the page
 * fetches nothing from any other site (the poster is ours, never i.ytimg.com).
 */
const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com']);

/** The video id of a YouTube address (watch, youtu.be, embed, shorts, live), or null for anything else. */
export function youtubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!HOSTS.has(url.hostname.toLowerCase()) || url.username || url.password || url.port) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const candidate =
    url.hostname.toLowerCase() === 'youtu.be' ? segments[0]
    : segments[0] === 'watch' || url.pathname === '/watch' ? url.searchParams.get('v')
    : ['embed', 'shorts', 'live'].includes(segments[0] ?? '') ? segments[1]
    : null;
  return candidate && ID.test(candidate) ? candidate : null;
}

/** The address a link is stored as, and linked to when scripts are off. */
export const watchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

/** The only player the site frames (the CSP's frame-src allows this origin alone). */
export const NOCOOKIE_ORIGIN = 'https://www.youtube-nocookie.com';
export const embedUrl = (id: string): string => `${NOCOOKIE_ORIGIN}/embed/${id}?autoplay=1`;
