/** Money is whole paise everywhere; these are the only ways it is written for people or read from them. */

/** 123456 → '1,234.56', with Indian grouping (12,34,567.00). */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = String(Math.floor(abs / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** '1234.5', '1,234.50' or '1234' as typed by a person → paise; null when it is not an amount of money. */
export function paiseFromRupees(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Paise as a gateway's decimal rupees: 123456 → '1234.56'. */
export const decimalRupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
