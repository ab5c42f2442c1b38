import type { ProtocolVoice } from '../../server/protocol-voices';
import { formatOfPath, isOpen311Path, open311CallOf, open311ErrorBody, open311Headers, open311MethodRefusal, open311NotFound } from '../../lib/open311-format';

/**
 * Open311's voice for the server's early refusals (a path spelled otherwise, a method no route takes): the
 * specification's error document, in the format the address asks for, with the calls' own methods.
 */
export const OPEN311_VOICE: ProtocolVoice = {
  owns: isOpen311Path,
  error: (path, status, words) => {
    const format = formatOfPath(path);
    return { headers: open311Headers(format), body: open311ErrorBody(format, status, words) };
  },
  methodsAt: (path) => open311CallOf(path)?.methods ?? null,
  notFound: open311NotFound,
  methodRefused: open311MethodRefusal,
  encodedSeparator: 'There is no such Open311 address: an encoded slash or backslash is in no address of ours.',
};
