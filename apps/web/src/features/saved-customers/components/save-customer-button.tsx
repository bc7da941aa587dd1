import { useState } from 'react';
import Button from '@mui/material/Button';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { SaveCustomerDialog, type CustomerPreset } from './save-customer-dialog';

/** "Save customer" on a purchase's result: keeps its number under a name, for next time. */
export function SaveCustomerButton({ preset }: { preset: CustomerPreset }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<PersonAddAlt aria-hidden="true" />} onClick={() => setOpen(true)}>
        Save customer
      </Button>
      {open && <SaveCustomerDialog preset={preset} onClose={() => setOpen(false)} />}
    </>
  );
}
