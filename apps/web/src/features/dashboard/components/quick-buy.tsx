import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import ElectricBolt from '@mui/icons-material/ElectricBolt';
import LiveTv from '@mui/icons-material/LiveTv';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import School from '@mui/icons-material/School';
import Wifi from '@mui/icons-material/Wifi';

const TILES: { label: string; to: string; icon: SvgIconComponent }[] = [
  { label: 'Airtime', to: '/services/airtime', icon: PhoneIphone },
  { label: 'Data', to: '/services/data', icon: Wifi },
  { label: 'Electricity', to: '/services/electricity', icon: ElectricBolt },
  { label: 'Cable TV', to: '/services/cable', icon: LiveTv },
  { label: 'Exam PINs', to: '/services/result-checker', icon: School },
];

/** One tap to each service: what the agent sells all day. */
export function QuickBuy() {
  return (
    <Box component="nav" aria-labelledby="quick-buy-title">
      <Typography id="quick-buy-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Quick buy
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' },
        }}
      >
        {TILES.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <ButtonBase
              component={RouterLink}
              to={to}
              sx={{
                width: '100%',
                minHeight: 88,
                flexDirection: 'column',
                gap: 0.75,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
              }}
            >
              <Icon color="primary" aria-hidden="true" />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {label}
              </Typography>
            </ButtonBase>
          </li>
        ))}
      </Box>
    </Box>
  );
}
