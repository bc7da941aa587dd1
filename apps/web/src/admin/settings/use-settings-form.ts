import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { useFormFields } from '../../lib/forms/use-form-fields';

export type SaveState = { severity: 'success' | 'error'; text: string } | null;

/**
 * A settings form: the saved values to start from, `save` sending what changed; the server's
 * message for a field shows under that field, any other failure under the form, and a saved
 * form says so (then starts from the values the server answered).
 */
export function useSettingsForm<K extends string>(
  saved: Record<K, string>,
  save: (values: Record<K, string>) => Promise<{ message: string; saved: Record<K, string> }>,
) {
  const form = useFormFields(saved);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<SaveState>(null);
  const changed = (Object.keys(saved) as K[]).some((key) => form.values[key] !== saved[key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setState(null);
    try {
      const answer = await save(form.values);
      form.setValues(answer.saved);
      setState({ severity: 'success', text: answer.message });
    } catch (error) {
      const fields = fieldErrors(error);
      const ours = fields ? Object.fromEntries(Object.entries(fields).filter(([key]) => key in saved)) : {};
      if (Object.keys(ours).length > 0) {
        form.setErrors(ours);
        setState({ severity: 'error', text: 'Not saved: check the fields marked in red.' });
      } else {
        setState({ severity: 'error', text: `Not saved. ${errorMessage(error)}` });
      }
    } finally {
      setBusy(false);
    }
  }

  return { ...form, busy, state, changed, submit };
}
