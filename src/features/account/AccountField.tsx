import type { ChangeEvent, FocusEvent } from 'react';

/** One field of the account forms (sign-in, password change): a label, the input, and its error tied to it. */
export interface AccountFieldProps {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

export default function AccountField({ id, name, label, type, autoComplete, value, error, onChange, onBlur }: AccountFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
      />
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
