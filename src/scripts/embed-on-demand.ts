/**
 * A player or map from another site that loads only when the visitor asks (the video gallery's play, the
 * contact page's map): the page carries a link to it, `a[data-embed]`, and pressing it swaps the link for the
 * frame. Before the press nothing is fetched from that site: a phone on a slow line loads the page alone, and
 * the other site learns of no visitor who did not ask. Without script the link opens it on its own page.
 * Only the addresses the Content-Security-Policy lets a frame load are swapped in.
 */
const FRAMED = ['https://www.youtube-nocookie.com/embed/', 'https://www.google.com/maps?'];

export function setUpEmbedsOnDemand(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-embed]')) {
    link.addEventListener('click', (event) => {
      const embed = link.dataset.embed;
      if (!embed || !FRAMED.some((prefix) => embed.startsWith(prefix))) return;
      event.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = embed;
      frame.title = link.dataset.title ?? link.getAttribute('aria-label') ?? '';
      if (link.dataset.allow) frame.allow = link.dataset.allow;
      frame.allowFullscreen = link.dataset.allow?.includes('fullscreen') ?? false;
      frame.referrerPolicy = (link.dataset.referrer as ReferrerPolicy | undefined) ?? 'strict-origin-when-cross-origin';
      link.replaceWith(frame);
      frame.focus();
    });
  }
}
