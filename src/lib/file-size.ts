/** Sizes of files as messages name them. Browser-safe: the server's refusals and the browser's checks say the same. */
const MB = 1024 * 1024;

/** A size in megabytes as a message names it: '10', '26.7'. */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / MB) * 10) / 10);
}

/**
 * A chosen file's size, rounded up to a tenth: a file a byte over a 10 MB limit is '10.1', never '10', so
 * that the message never calls a refused file as large as the limit.
 */
export function megabytesUp(bytes: number): string {
  return String(Math.ceil((bytes / MB) * 10) / 10);
}
