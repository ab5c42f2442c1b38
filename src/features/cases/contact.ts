/** The citizen's contact as a case keeps it, apart from everything public. Browser-safe. */
export interface CaseContact {
  name: string;
  mobile: string;
  email: string;
  address: string;
}

/** An Indian mobile number: ten digits starting 6-9, with an optional +91 or 0 in front. Null otherwise. */
export function parseMobile(raw: unknown): string | null {
  const digits = String(raw ?? '').replace(/[\s-]/g, '').replace(/^(\+91|0091|0)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** Part of a mobile number as staff type it to search (at least 4 digits, spaces and dashes ignored), or null. */
export function parseMobilePart(raw: unknown): string | null {
  const digits = String(raw ?? '').replace(/[\s-]/g, '');
  return /^\d{4,10}$/.test(digits) ? digits : null;
}
