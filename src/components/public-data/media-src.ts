import type { MediaInfo } from '../../server/content/records';
import { mediaUrl } from '../../server/media';

/** The stable /media/ address of a stored file, or null when there is none. */
export function mediaSrc(file: MediaInfo | null): string | null {
  return file ? mediaUrl(file.sha256, file.contentType) : null;
}

/** A stored file's size for people: '84 KB', '1.2 MB'. */
export function fileSizeText(file: MediaInfo | null): string {
  const size = file?.size ?? 0;
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(size / 1024))} KB`;
}
