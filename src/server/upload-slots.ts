import { HttpError } from './http';
import { REFUSAL } from '../i18n/refusals';

/**
 * How many bodies with files one network address may be sending us at once. A citizen sends one form at a
 * time; a client opening dozens of uploads together is flooding us, and is refused before a byte is read.
 * Counted in this process only: it limits what one address costs this process, which is what it protects.
 */
export const UPLOADS_PER_ADDRESS = 3;

const inFlight = new Map<string, number>();

/** Takes one of the address's upload slots, or refuses (429) and lets `refused` dispose of the body; returns the release. */
export function holdUploadSlot(address: string, refused: () => void): () => void {
  const held = inFlight.get(address) ?? 0;
  if (held >= UPLOADS_PER_ADDRESS) {
    refused();
    throw new HttpError(429, REFUSAL.tooManyUploads, undefined, { 'retry-after': '10' });
  }
  inFlight.set(address, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(address) ?? 1) - 1;
    if (left <= 0) inFlight.delete(address);
    else inFlight.set(address, left);
  };
}
