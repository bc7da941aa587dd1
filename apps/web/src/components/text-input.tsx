import { useId, type ChangeEvent, type HTMLAttributes, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  endAdornment?: ReactNode;
}

/**
 * A labelled outlined text input with its helper text wired to `aria-describedby`. Built from
 * the input parts rather than MUI's TextField, which also bundles Select, Menu and Popover:
 * that keeps the sign-in screens inside their size budget (decision 008).
 */
export function TextInput({
  label,
  name,
  value,
  onChange,
  error = false,
  helperText,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  disabled,
  placeholder,
  inputMode,
  maxLength,
  endAdornment,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={error} required={required} disabled={disabled} variant="outlined" margin="dense">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        label={required ? `${label} *` : label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        endAdornment={endAdornment}
        inputProps={{ inputMode, maxLength, 'aria-describedby': helperText ? helperId : undefined }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
