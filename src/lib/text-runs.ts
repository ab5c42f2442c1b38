/**
 * Splits text into the runs a pattern matches and the runs between them, in order, so that each run can be
 * drawn or marked in its own way (a Hindi page's English names, a PDF's Devanagari font). The pattern must
 * carry the g flag.
 */
export function textRuns(text: string, pattern: RegExp): { text: string; matched: boolean }[] {
  const runs: { text: string; matched: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), matched: false });
    runs.push({ text: match[0], matched: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), matched: false });
  return runs;
}
