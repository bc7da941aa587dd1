import Box from '@mui/material/Box';
import { TextInput } from '../../components/text-input';
import { useUpdateContactMutation, type TContactSettings } from '../api/settings';
import { FormFooter } from './form-footer';
import { useSettingsForm } from './use-settings-form';

type ContactField = 'phone' | 'email' | 'whatsapp' | 'address' | 'hours';

const FIELDS: Array<{ name: ContactField; label: string; inputMode?: 'tel' | 'email'; autoComplete: string }> = [
  { name: 'phone', label: 'Phone', inputMode: 'tel', autoComplete: 'off' },
  { name: 'email', label: 'Email', inputMode: 'email', autoComplete: 'off' },
  { name: 'whatsapp', label: 'WhatsApp', inputMode: 'tel', autoComplete: 'off' },
  { name: 'address', label: 'Address', autoComplete: 'off' },
  { name: 'hours', label: 'Opening hours', autoComplete: 'off' },
];

function valuesOf(settings: TContactSettings): Record<ContactField, string> {
  const { saved } = settings;
  return {
    phone: saved.phone ?? '',
    email: saved.email ?? '',
    whatsapp: saved.whatsapp ?? '',
    address: saved.address ?? '',
    hours: saved.hours ?? '',
  };
}

/** The contact details agents see on their Contact page; a blank field is cleared. */
export function ContactForm({ settings, mayChange }: { settings: TContactSettings; mayChange: boolean }) {
  const [update] = useUpdateContactMutation();
  const saved = valuesOf(settings);
  const form = useSettingsForm(saved, async (values) => {
    const changes = Object.fromEntries(
      (Object.keys(values) as ContactField[])
        .filter((key) => values[key] !== saved[key])
        .map((key) => [key, values[key]]),
    );
    const answer = await update(changes).unwrap();
    return { message: answer.message, saved: valuesOf(answer.data) };
  });

  return (
    <Box component="form" onSubmit={(event) => void form.submit(event)} noValidate aria-label="Contact details">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {FIELDS.map(({ name, label, inputMode, autoComplete }) => (
          <TextInput
            key={name}
            label={label}
            autoComplete={autoComplete}
            disabled={!mayChange}
            maxLength={200}
            {...(inputMode ? { inputMode } : {})}
            {...form.field(name)}
            helperText={
              form.errors[name] ??
              (name === 'whatsapp' && !settings.saved.whatsapp && settings.effective.whatsapp
                ? `Blank: agents get the support number, ${settings.effective.whatsapp}`
                : undefined)
            }
          />
        ))}
      </Box>
      <FormFooter
        mayChange={mayChange}
        busy={form.busy}
        changed={form.changed}
        state={form.state}
        label="Save contact details"
      />
    </Box>
  );
}
