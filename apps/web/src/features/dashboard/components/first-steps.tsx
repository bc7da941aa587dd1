import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';

/**
 * The home of an agent who has not sold yet: two steps to a first sale, instead of charts of
 * zeros. A funded wallet ticks the first.
 */
export function FirstSteps({ funded }: { funded: boolean }) {
  const titleId = useId();
  const steps = [
    {
      done: funded,
      title: 'Fund your wallet',
      text: 'Transfer to the provider’s account and report it; the money lands once it is approved.',
      action: { label: 'Report a transfer', to: '/wallet/fund' },
    },
    {
      done: false,
      title: 'Sell your first airtime',
      text: 'Enter the customer’s number and the amount: you pay less than face value and keep the difference.',
      action: { label: 'Buy airtime', to: '/services/airtime' },
    },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2">
        Welcome! Your first sale is two steps away
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Your sales, costs and margin will show here once you start selling.
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            {step.done ? (
              <CheckCircle color="success" aria-hidden="true" sx={{ mt: 0.25 }} />
            ) : (
              <RadioButtonUnchecked color="disabled" aria-hidden="true" sx={{ mt: 0.25 }} />
            )}
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {index + 1}. {step.title}
                {step.done && (
                  <Box component="span" sx={{ fontWeight: 400, color: 'success.dark' }}>
                    {' '}
                    (done)
                  </Box>
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
              {!step.done && (
                <Button component={RouterLink} to={step.action.to} variant="contained" size="small" sx={{ mt: 1 }}>
                  {step.action.label}
                </Button>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * Both states of the first steps, hidden, in the home the build prerenders: its head script
 * shows the one the agent's summary calls for as soon as that answer arrives, before the app's
 * code has (decision 047). The app then draws the same in the same place.
 */
export function PrerenderedFirstSteps() {
  return [false, true].map((funded) => (
    <div key={String(funded)} hidden data-early-first-steps={funded ? 'funded' : 'unfunded'}>
      <FirstSteps funded={funded} />
    </div>
  ));
}
