import { TextInput } from '../../../components/text-input';
import { RecentRecipients } from './recent-recipients';

/** The customer's phone number, with the recent ones a tap away. */
export function PhoneField({
  value,
  onChange,
  error,
  recent,
  label = 'Phone number',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  recent?: readonly string[];
  label?: string;
}) {
  return (
    <>
      <TextInput
        label={label}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Like 08031234567'}
        maxLength={20}
      />
      {recent && <RecentRecipients items={recent} onPick={onChange} />}
    </>
  );
}
