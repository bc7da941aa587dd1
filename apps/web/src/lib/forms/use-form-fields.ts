import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './validate';

/**
 * Controlled values and per-field errors for a small form. `field(name)` gives the props a
 * MUI TextField needs; typing in a field clears its error.
 */
export function useFormFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = useCallback(
    (name: K) => ({
      name,
      value: values[name],
      error: Boolean(errors[name]),
      helperText: errors[name] ?? ' ',
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      },
    }),
    [values, errors],
  );

  return { values, errors, setErrors, setValues, field };
}
