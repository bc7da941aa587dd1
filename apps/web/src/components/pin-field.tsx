import type { ChangeEvent } from 'react';
import { PIN_LENGTH } from '@agentdesk/contract/auth/transaction-pin';
import { TextInput } from './text-input';

/**
 * A 4-digit transaction PIN (docs/decisions/043): masked, the phone's number pad
 * (`inputMode="numeric"`), digits only, never offered to the browser's autofill.
 */
export function PinField({
  label,
  name,
  value,
  onChange,
  error,
  autoFocus,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextInput
      label={label}
      name={name}
      value={value}
      type="password"
      inputMode="numeric"
      maxLength={PIN_LENGTH}
      autoComplete="off"
      autoFocus={autoFocus}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      onChange={(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        onChange(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))
      }
    />
  );
}

/** Whether a typed PIN is whole (4 digits). */
export const isWholePin = (pin: string) => new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin);
