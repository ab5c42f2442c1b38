/**
 * A visitor's text size and contrast (GIGW's A-, A, A+ and high contrast), kept in a cookie so that they
 * work without script and are remembered. A page is rendered, and cached, once per combination: there are
 * only six, and the page cache keys on them, so cached pages stay as fast as before.
 */
export const DISPLAY_COOKIE = 'display';
export const TEXT_SIZES = ['smaller', 'normal', 'larger'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export interface DisplayPreferences {
  text: TextSize;
  highContrast: boolean;
}

const DEFAULT: DisplayPreferences = { text: 'normal', highContrast: false };

/** Reads the preferences from the cookie's value (`larger.contrast`); anything unknown is the default. */
export function parseDisplayCookie(value: string | undefined): DisplayPreferences {
  if (!value) return DEFAULT;
  const [text, contrast] = value.split('.');
  return {
    text: (TEXT_SIZES as readonly string[]).includes(text) ? (text as TextSize) : 'normal',
    highContrast: contrast === 'contrast',
  };
}

export function displayCookieValue(preferences: DisplayPreferences): string {
  return `${preferences.text}${preferences.highContrast ? '.contrast' : ''}`;
}

/** The preferences named in a raw Cookie header, for the Node entry that keys the page cache before Astro runs. */
export function displayPreferencesFromHeader(cookieHeader: string | undefined | null): DisplayPreferences {
  const match = cookieHeader ? new RegExp(`(?:^|;\\s*)${DISPLAY_COOKIE}=([^;]*)`).exec(cookieHeader) : null;
  return parseDisplayCookie(match?.[1]);
}

/** What the page cache adds to a page's key: nothing for the default, so most visitors share one copy. */
export function displayCacheSuffix(cookieHeader: string | undefined | null): string {
  const preferences = displayPreferencesFromHeader(cookieHeader);
  return preferences.text === 'normal' && !preferences.highContrast ? '' : `#display=${displayCookieValue(preferences)}`;
}

/** The classes of <html> that apply the preferences (see public.css). */
export function displayClasses(preferences: DisplayPreferences): string | undefined {
  const classes = [preferences.text !== 'normal' ? `text-${preferences.text}` : '', preferences.highContrast ? 'high-contrast' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** One step of the A-, A, A+ buttons or the contrast switch, applied to the current preferences. */
export function applyDisplayChoice(current: DisplayPreferences, choice: { text?: string | null; contrast?: string | null }): DisplayPreferences {
  const text = (TEXT_SIZES as readonly string[]).includes(choice.text ?? '') ? (choice.text as TextSize) : current.text;
  const highContrast = choice.contrast === 'toggle' ? !current.highContrast : current.highContrast;
  return { text, highContrast };
}
