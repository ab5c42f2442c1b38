import { useState, type FocusEvent, type InputHTMLAttributes } from 'react';

/**
 * The back office's one date input: typed and shown as dd/mm/yyyy whatever the browser's locale (type=date
 * showed mm/dd/yyyy in an en-US browser), handed on as the wire's YYYY-MM-DD. Text that is not a real date is
 * handed on as typed, so the form refuses it, and the field says why in words a clerk can act on.
 */
export const DATE_PLACEHOLDER = 'dd/mm/yyyy';
export const IMPOSSIBLE_DATE = 'Enter a real date as dd/mm/yyyy, for example 31/01/2027.';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2027-01-31' → '31/01/2027'; anything else is shown as it is. */
export function isoToDayFirst(value: string): string {
  const parts = ISO.exec(value);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : value;
}

/** '31/1/2027' (or with - or .) → '2027-01-31'; null when it names no real day. */
export function dayFirstToIso(text: string): string | null {
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!parts) return null;
  const [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) return null;
  return moment.toISOString().slice(0, 10);
}

/** Is this value (what the form holds) a date the field could not read? */
export const unreadableDate = (value: string): boolean => value.trim() !== '' && !ISO.test(value);

export interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** YYYY-MM-DD, '' or text that was not a date. */
  value: string;
  onValue: (value: string) => void;
}

export default function DateField({ value, onValue, onBlur, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => isoToDayFirst(value));
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_PLACEHOLDER}
      pattern="\d{1,2}/\d{1,2}/\d{4}"
      maxLength={10}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.value.trim();
        onValue(typed === '' ? '' : dayFirstToIso(typed) ?? typed);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const iso = dayFirstToIso(text);
        if (iso) setText(isoToDayFirst(iso));
        onBlur?.(event);
      }}
    />
  );
}
