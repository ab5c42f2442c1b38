import { textRuns } from '../lib/text-runs';

/**
 * Splits text into runs of Latin-script words (names such as NVDA, Windows, WCAG, nvaccess.org) and the rest,
 * so that a Hindi page can mark the former as English and a screen reader reads each in its own voice.
 */
const LATIN_RUN = /[A-Za-z][A-Za-z0-9.&+/'-]*(?:[ ()]+[A-Za-z][A-Za-z0-9.&+/'-]*)*\)?/g;

export function latinRuns(text: string): { text: string; latin: boolean }[] {
  return textRuns(text, LATIN_RUN).map((run) => ({ text: run.text, latin: run.matched }));
}
