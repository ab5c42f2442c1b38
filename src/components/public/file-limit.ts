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
