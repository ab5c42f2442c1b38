import { readMediaBytes } from '../media';
import { sharp } from '../image-work';
import { processSingleton } from '../singleton';
import type { CouncilIdentity } from '../../lib/council';

/**
 * The logo as a document draws it: a PNG of at most 256 px a side (PDF writers take PNG and JPEG, and an upload
 * may be WebP), made once for each logo a process sees and kept by the file's SHA-256.
 */
const LOGO_PIXELS = 256;
const made = processSingleton('council-logo-png', () => new Map<string, Promise<Buffer>>());

export async function councilLogoPng(council: CouncilIdentity): Promise<Buffer | null> {
  const logo = council.logo;
  if (!logo) return null;
  let png = made.get(logo.sha256);
  if (!png) {
    png = (async () => {
      const bytes = (await readMediaBytes([logo.mediaId])).get(logo.mediaId);
      if (!bytes) throw new Error('the council logo is missing from the stored files');
      return sharp(bytes).resize(LOGO_PIXELS, LOGO_PIXELS, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    })();
    // Only the current logo is kept: an older one is never drawn again.
    made.clear();
    made.set(logo.sha256, png);
    png.catch(() => made.delete(logo.sha256));
  }
  return png;
}
