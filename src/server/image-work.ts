import sharp from 'sharp';

/**
 * Every full decode and encode of a picture in the server goes through here, one at a time (reading a
 * header for the size does not). Each sharp job runs on one of libuv's threads, and with glibc every thread
 * that allocates at the same time as another gets a memory arena of its own that is never given back: four
 * resizes at once left the server some 110 MB larger, one at a time about 75 MB. Pictures are resized once
 * and re-encoded on upload, so waiting costs little.
 */

// One libvips thread per job, and no cache of decoded images (libvips keeps up to 50 MB by default).
sharp.concurrency(1);
sharp.cache(false);

let queue: Promise<unknown> = Promise.resolve();

export function imageWork<T>(job: () => Promise<T>): Promise<T> {
  const result = queue.then(job, job);
  queue = result.catch(() => undefined);
  return result;
}
