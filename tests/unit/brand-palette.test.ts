import { describe, expect, it } from 'vitest';
import { BRAND_COLOUR_NAMES, BRAND_PALETTE, contrastRatio } from '../../src/lib/brand-palette';

/** Every colour a council may choose keeps WCAG AA's 4.5:1 with the white text drawn on it, and as a link on white. */
describe('the brand palette', () => {
  it('computes WCAG contrast as the standard does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // A known pair: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  for (const name of BRAND_COLOUR_NAMES) {
    it(`${name}: white text on its bars and buttons, and its pressed shade, at 4.5:1 or more`, () => {
      const colour = BRAND_PALETTE[name];
      expect(contrastRatio(colour.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colour.dark, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(colour.hi).toMatch(/[\u0900-\u097F]/);
    });
  }
});
