import { createRequire } from 'node:module';
import type Sharp from 'sharp';
import { oneAtATime } from './one-at-a-time';

/**
 * Every full decode and encode of a picture in the server goes through here, one at a time (reading a
 * header for the size does not). Each sharp job runs on one of libuv's threads, and with glibc every thread
 * that allocates at the same time as another gets a memory arena of its own that is never given back: four
 * resizes at once left the server some 110 MB larger, one at a time about 75 MB. Pictures are resized once
 * and re-encoded on upload, so waiting costs little.
 */

let loaded: typeof Sharp | undefined;

/**
 * sharp, loaded with the first picture rather than at start: a server that has no picture to read yet does not
 * pay for loading libvips. One libvips thread per job, and no cache of decoded images (libvips keeps up to
 * 50 MB by default), whoever asks first.
 */
export function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('sharp') as typeof Sharp;
    loaded.concurrency(1);
    loaded.cache(false);
  }
  return loaded(...args);
}

/** The lane every full decode and encode of a picture in this process waits its turn in. */
export const imageWork = oneAtATime();
