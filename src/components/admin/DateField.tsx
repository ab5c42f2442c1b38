import { useState, type FocusEvent, type InputHTMLAttributes } from 'react';
import { DATE_PLACEHOLDER, isoToDayFirst, dayFirstToIso } from '../../lib/day-first-date';

export { IMPOSSIBLE_DATE, unreadableDate } from '../../lib/day-first-date';

/**
 * The back office's one date input: typed and shown as dd/mm/yyyy whatever the browser's locale (type=date
 * showed mm/dd/yyyy in an en-US browser), handed on as the wire's YYYY-MM-DD. Text that is not a real date is
 * handed on as typed, so the form refuses it, and the field says why in words a clerk can act on.
 */
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
