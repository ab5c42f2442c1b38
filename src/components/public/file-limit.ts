import type { FileKind } from '../../lib/content-type';
import { fileLimitBytes } from '../../server/content/uploads';
import { megabytes } from '../../server/http';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';

/**
 * What a file field takes, in the page's language, from the same limit the server refuses by: said beside the
 * field, so nobody waits for a 30 MB upload to learn that 10 MB was the most.
 */
export function fileLimitText(kind: FileKind, lang: Lang): string {
  return messages(lang).frame.fileLimit[kind](megabytes(fileLimitBytes(kind)));
}

/**
 * The kind of file a field takes, from what it accepts, as the server's rules for the forms' file parts hold
 * them: a field that takes PDFs is held to a document's limit (its pictures too), one that takes only pictures
 * to a picture's, videos to a video's.
 */
export function fileKindOf(accept: string | undefined): FileKind | null {
  const types = (accept ?? '').split(',').map((type) => type.trim().toLowerCase());
  if (types.some((type) => type === 'application/pdf' || type === '.pdf')) return 'document';
  if (types.some((type) => type.startsWith('video/'))) return 'video';
  if (types.length > 0 && types.every((type) => type.startsWith('image/'))) return 'image';
  return null;
}

/**
 * The attributes by which the browser refuses a chosen file over `bytes` before its form is sent
 * (src/scripts/file-limits.ts, loaded by FileSizeCheck.astro), with the words in the page's language.
 */
export function sizeLimitAttributes(bytes: number, lang: Lang): { 'data-max-bytes': string; 'data-too-large': string } {
  return { 'data-max-bytes': String(bytes), 'data-too-large': messages(lang).frame.fileTooLarge(megabytes(bytes)) };
}
