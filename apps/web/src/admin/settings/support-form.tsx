import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../components/text-input';
import { useSetSupportMutation, type TSupportSettings } from '../api/settings';
import { FormFooter } from './form-footer';
import { useSettingsForm } from './use-settings-form';

/** The WhatsApp number agents' chat button opens; blank goes back to the server's SUPPORT_WHATSAPP. */
export function SupportForm({ settings, mayChange }: { settings: TSupportSettings; mayChange: boolean }) {
  const [setSupport] = useSetSupportMutation();
  const form = useSettingsForm({ whatsapp: settings.whatsapp ?? '' }, async ({ whatsapp }) => {
    const answer = await setSupport({ whatsapp: whatsapp.trim() === '' ? null : whatsapp }).unwrap();
    return { message: answer.message, saved: { whatsapp: answer.data.whatsapp ?? '' } };
  });

  let current = 'Agents have no support chat number: the chat button is hidden.';
  if (settings.effectiveWhatsapp) {
    current = settings.whatsapp
      ? `Agents’ chat button opens WhatsApp on ${settings.effectiveWhatsapp}.`
      : `Agents’ chat button opens WhatsApp on ${settings.effectiveWhatsapp}, the server’s default (SUPPORT_WHATSAPP).`;
  }

  return (
    <Box component="form" onSubmit={(event) => void form.submit(event)} noValidate aria-label="Support number">
      <TextInput
        label="WhatsApp number"
        inputMode="tel"
        autoComplete="off"
        disabled={!mayChange}
        maxLength={20}
        {...form.field('whatsapp')}
        helperText={form.errors.whatsapp ?? 'A Nigerian mobile number, like 08012345678'}
      />
      <Box role="status" sx={{ typography: 'body2', mt: 1 }}>
        {current}
      </Box>
      <FormFooter
        mayChange={mayChange}
        busy={form.busy}
        changed={form.changed}
        state={form.state}
        label="Save support number"
        extra={
          settings.whatsapp && settings.defaultWhatsapp ? (
            <Button
              onClick={() => {
                form.setValues({ whatsapp: '' });
              }}
            >
              Use the server default
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}
