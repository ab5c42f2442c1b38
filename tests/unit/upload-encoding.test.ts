import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptUpload } from '../../src/server/content/uploads';

/**
 * A JPEG picture is re-encoded in one pass (src/server/content/uploads.ts): optimised Huffman tables need a
 * second pass over the whole picture's coefficients held in memory, some 270 MB more for 50 megapixels
 * (scripts/bench/licence-images.ts measures the server's peak). One pass writes the standard tables of the
 * JPEG specification (ITU T.81, Annex K), which is what this checks.
 */
const STANDARD_LUMINANCE_DC = Buffer.from([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

/** The Huffman tables (DHT segments) of a JPEG, each as its class and id byte and its bytes. */
function huffmanTables(jpeg: Uint8Array): Buffer[] {
  const bytes = Buffer.from(jpeg);
  const tables: Buffer[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xc4) {
      for (let t = at + 4; t < at + 2 + length; ) {
        const count = bytes.subarray(t + 1, t + 17).reduce((sum, n) => sum + n, 0);
        tables.push(bytes.subarray(t, t + 17 + count));
        t += 17 + count;
      }
    }
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return tables;
}

describe('an uploaded JPEG picture', () => {
  it('is written again in one pass, with the standard Huffman tables', async () => {
    const sent = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#15803d' } }).jpeg({ progressive: true }).toBuffer();
    const { bytes, contentType } = await acceptUpload(new Uint8Array(sent), { key: 'photo', label: 'Photo 1', kind: 'image' });
    expect(contentType).toBe('image/jpeg');
    const dc = huffmanTables(bytes).find((table) => table[0] === 0x00);
    expect(dc?.subarray(1)).toEqual(STANDARD_LUMINANCE_DC);
  });
});
