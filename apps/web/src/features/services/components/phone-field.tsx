import type { TSavedCustomer } from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { TextInput } from '../../../components/text-input';
import { SavedCustomerPicker } from '../../saved-customers/components/saved-customer-picker';
import { RecentRecipients } from './recent-recipients';

/** The customer's phone number, with the recent ones a tap away, and the saved ones where a screen offers them. */
export function PhoneField({
  value,
  onChange,
  error,
  recent,
  onPickSaved,
  label = 'Phone number',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  recent?: readonly string[];
  /** The number (and its network) chosen from the agent's saved customers. */
  onPickSaved?: (customer: TSavedCustomer) => void;
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
      {onPickSaved && <SavedCustomerPicker kind="phone" onPick={onPickSaved} />}
    </>
  );
}
