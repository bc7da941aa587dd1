import { useId, useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

export interface AuthFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  placeholder?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** A control drawn inside the input, at its end (the password toggle). */
  end?: ReactNode;
}

/** A labelled input whose message is announced with it (aria-describedby, aria-invalid). */
export function AuthField({ label, error = false, helperText, required, end, ...input }: AuthFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const ref = useRef<HTMLInputElement>(null);
  const typedBefore = useRef({ value: input.value, onChange: input.onChange });
  // A prerendered page (decision 039) can be typed into before the app takes over; hydration
  // keeps what is in the input but not in the form's state, which hears of it here.
  useLayoutEffect(() => {
    const node = ref.current;
    const { value, onChange } = typedBefore.current;
    if (node && node.value !== value) onChange({ target: node, currentTarget: node } as ChangeEvent<HTMLInputElement>);
  }, []);
  const message = typeof helperText === 'string' ? helperText.trim() : helperText;
  return (
    <div className="auth-field">
      {/* Required fields are the rule here: the one optional field says so in its label. */}
      <label htmlFor={id}>{label}</label>
      <div className="auth-input-wrap">
        <input
          {...input}
          ref={ref}
          id={id}
          required={required}
          aria-invalid={error || undefined}
          aria-describedby={message ? helperId : undefined}
          className={end ? 'with-toggle' : undefined}
        />
        {end}
      </div>
      <p id={helperId} className={error ? 'auth-helper is-error' : 'auth-helper'}>
        {message}
      </p>
    </div>
  );
}
