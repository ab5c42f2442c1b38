/**
 * Addresses that speak a protocol of their own (Open311 under /open311/): their clients read every refusal
 * as that protocol's error document, even one the server gives before any route runs (a path spelled
 * otherwise, a method no route takes). The server knows no such protocol: the composition list hands it the
 * voices at start, and the Node entry's early refusals ask them.
 */
export interface ProtocolVoice {
  /** Whether the path is one of its addresses (whatever the call). */
  owns: (path: string) => boolean;
  /** The error document for a status and its words, in the format the path asks for. */
  error: (path: string, status: number, words: readonly string[]) => { headers: Record<string, string>; body: string };
  /** The methods the call at this address takes; null for an address that is no call. */
  methodsAt: (path: string) => readonly string[] | null;
  /** Its words for an address that is no call, and for a method the call does not take. */
  notFound: (path: string) => string;
  methodRefused: (path: string, methods: readonly string[]) => string;
  /** Its words for a path holding an encoded slash or backslash, which is no address of ours. */
  encodedSeparator: string;
}

let voices: readonly ProtocolVoice[] = [];

/** Installs the voices of the composition list (each entry, before serving; again, the same list changes nothing). */
export function installProtocolVoices(list: readonly ProtocolVoice[]): void {
  voices = list;
}

/** The voice a path speaks in, if any. */
export function voiceOf(path: string): ProtocolVoice | undefined {
  return voices.find((voice) => voice.owns(path));
}
