/**
 * Splits text into runs of Latin-script words (names such as NVDA, Windows, WCAG, nvaccess.org) and the rest,
 * so that a Hindi page can mark the former as English and a screen reader reads each in its own voice.
 */
const LATIN_RUN = /[A-Za-z][A-Za-z0-9.&+/'-]*(?:[ ()]+[A-Za-z][A-Za-z0-9.&+/'-]*)*\)?/g;

export function latinRuns(text: string): { text: string; latin: boolean }[] {
  const runs: { text: string; latin: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(LATIN_RUN)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), latin: false });
    runs.push({ text: match[0], latin: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), latin: false });
  return runs;
}
