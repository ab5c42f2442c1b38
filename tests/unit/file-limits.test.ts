import { describe, expect, it } from 'vitest';
import { fileKindOf, sizeLimitAttributes } from '../../src/components/public/file-limit';
import { oversizedFiles, tooLargeText } from '../../src/scripts/file-limits';

/**
 * The browser's check of a chosen file's size: each public file field is held to the server's limit for the
 * kind its form's part takes (pictures for a grievance's photos, documents for a licence's papers, which may be
 * pictures too), and says so with the file's name and its size rounded up, so that a file a byte over 10 MB is
 * never called 10 MB.
 */
describe('file limits in the browser', () => {
  it('take the kind of a field from what it accepts, as the server\'s parts do', () => {
    expect(fileKindOf('image/jpeg,image/png,image/webp')).toBe('image');
    expect(fileKindOf('application/pdf,image/jpeg,image/png')).toBe('document');
    expect(fileKindOf('video/mp4,video/webm,.mp4,.webm')).toBe('video');
    expect(fileKindOf('.csv,text/csv')).toBeNull();
    expect(fileKindOf(undefined)).toBeNull();
  });

  it('name each file too large with its size rounded up, in the field\'s words', () => {
    const limit = 10 * 1024 * 1024;
    const files = [{ name: 'ok.jpg', size: limit }, { name: 'big.jpg', size: limit + 1 }] as File[];
    expect(oversizedFiles(files, limit).map((file) => file.name)).toEqual(['big.jpg']);
    const { 'data-max-bytes': bytes, 'data-too-large': words } = sizeLimitAttributes(limit, 'hi');
    expect(bytes).toBe(String(limit));
    expect(tooLargeText(words, files[1])).toBe('फ़ाइल big.jpg 10.1 एमबी की है, जबकि यहाँ अधिकतम 10 एमबी की फ़ाइल ली जाती है: छोटी फ़ाइल चुनें। अभी कुछ भी नहीं भेजा गया है।');
    expect(tooLargeText(sizeLimitAttributes(limit, 'en')['data-too-large'], { name: 'scan.pdf', size: 31_457_280 })).toBe(
      'scan.pdf is 30 MB, more than the 10 MB this field takes: choose a smaller file. Nothing has been sent yet.',
    );
  });
});
