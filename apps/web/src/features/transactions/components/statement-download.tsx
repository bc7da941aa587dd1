import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { STATEMENT_MAX_DAYS, ZStatementQuery } from '@agentdesk/contract/transactions/statement';
import { validate, type FieldErrors } from '../../../lib/forms/validate';
import { saveBlob } from '../../../lib/save-blob';
import { authError, selectAuth } from '../../../lib/session/auth-slice';
import { downloadStatement, StatementError } from '../api/download-statement';

/** Today in Lagos, as `YYYY-MM-DD`: the calendar the statement's dates are in. */
export function lagosToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(now);
}

/** "Download statement": a date range, then the CSV of every wallet movement in it, saved as a file. */
export function StatementDownload({ initialFrom, initialTo }: { initialFrom?: string; initialTo?: string }) {
  const dispatch = useDispatch();
  const { token } = useSelector(selectAuth);
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState({ from: '', to: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function openDialog() {
    const today = lagosToday();
    // The transactions' own date filter, when set, is the likely range; else this month so far.
    setRange({ from: initialFrom || `${today.slice(0, 8)}01`, to: initialTo || today });
    setErrors({});
    setProblem(null);
    setOpen(true);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(ZStatementQuery, range);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    if (!token) return;
    setBusy(true);
    setProblem(null);
    try {
      const { blob, fileName } = await downloadStatement(checked.data, token);
      saveBlob(blob, fileName);
      toast.success('Statement downloaded');
      setOpen(false);
    } catch (error) {
      const refused = error instanceof StatementError ? error : new StatementError('Something went wrong.', null);
      // The session rules of every call: a 401 for this session's token ends it.
      if (refused.status === 401) dispatch(authError());
      setErrors(refused.fieldErrors);
      setProblem(refused.message);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'from' | 'to', label: string) => (
    <TextField
      label={label}
      type="date"
      name={name}
      value={range[name]}
      required
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      onChange={(event) => {
        setRange((current) => ({ ...current, [name]: event.target.value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: 1, minWidth: 150 }}
    />
  );

  return (
    <>
      <Button variant="outlined" startIcon={<Download aria-hidden="true" />} onClick={openDialog}>
        Download statement
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby="statement-title"
        fullWidth
        maxWidth="xs"
      >
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id="statement-title">Download statement</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Every wallet movement between these dates (Lagos time, both days included) as a CSV file for a
              spreadsheet. Up to {STATEMENT_MAX_DAYS} days at a time.
            </Typography>
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', pt: 1 }}>
              {field('from', 'From')}
              {field('to', 'To')}
            </Stack>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              Download CSV
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
