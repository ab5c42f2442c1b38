/**
 * The colours a council may choose for its site's bars and buttons. Every entry is dark enough for the white
 * text drawn on it, and its links read on white, each at WCAG AA's 4.5:1 at least
 * (tests/unit/brand-palette.test.ts): a council picks a colour, never a contrast.
 */
export interface BrandColour {
  /** The bars, buttons and links. */
  primary: string;
  /** The contact bar and what is pressed. */
  dark: string;
  /** The colour's name in each language, for the settings screen. */
  en: string;
  hi: string;
}

export const BRAND_PALETTE = {
  blue: { primary: '#0b4f8a', dark: '#083a66', en: 'Council blue', hi: 'परिषद नीला' },
  green: { primary: '#166534', dark: '#0f4a26', en: 'Green', hi: 'हरा' },
  teal: { primary: '#0f5f66', dark: '#0a454a', en: 'Teal', hi: 'हरित-नीला' },
  maroon: { primary: '#8a1c2b', dark: '#65131f', en: 'Maroon', hi: 'मरून' },
  purple: { primary: '#5b2a86', dark: '#421e62', en: 'Purple', hi: 'बैंगनी' },
  saffron: { primary: '#a13a06', dark: '#7a2c05', en: 'Deep saffron', hi: 'गहरा केसरिया' },
  slate: { primary: '#334155', dark: '#1e293b', en: 'Slate', hi: 'स्लेटी' },
} as const satisfies Record<string, BrandColour>;

export type BrandColourName = keyof typeof BRAND_PALETTE;

export const BRAND_COLOUR_NAMES = Object.keys(BRAND_PALETTE) as BrandColourName[];

export function isBrandColour(name: unknown): name is BrandColourName {
  return typeof name === 'string' && Object.hasOwn(BRAND_PALETTE, name);
}

/** The inline style that recolours a page: the two custom properties every bar and button reads (tokens.css). */
export function brandStyle(name: BrandColourName): string {
  const colour = BRAND_PALETTE[name];
  return `--c-primary:${colour.primary};--c-primary-dark:${colour.dark}`;
}

/** WCAG 2's relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2's contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
