/**
 * The English address (path and query) of the page being rendered, whichever language it is in: Astro.url is
 * the English address of what was asked for, except on the not-found page standing in for a Hindi address,
 * which the Node entry names in locals.
 */
export function englishAddress(url: URL, locals: App.Locals): string {
  return locals.missingPath ?? url.pathname + url.search;
}
