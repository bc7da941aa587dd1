import { useDispatch, useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import {
  BORDER_RADIUS,
  FONT_OPTIONS,
  borderRadiusSet,
  fontFamilySet,
  isFontFamily,
  selectBorderRadius,
  selectFontFamily,
} from '../customization-slice';

/** The right-hand settings drawer: font and corner radius, applied at once and remembered. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useDispatch();
  const fontFamily = useSelector(selectFontFamily);
  const borderRadius = useSelector(selectBorderRadius);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 320 } }, 'aria-labelledby': 'settings-title' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Typography id="settings-title" variant="h6" component="h2">
          Theme Customization
        </Typography>
        <IconButton aria-label="Close settings" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 3 }}>
        <FormControl>
          <FormLabel id="font-family-label">Font Family</FormLabel>
          <RadioGroup
            aria-labelledby="font-family-label"
            value={fontFamily}
            onChange={(event) => {
              if (isFontFamily(event.target.value)) dispatch(fontFamilySet(event.target.value));
            }}
          >
            {FONT_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={<span style={{ fontFamily: option.value }}>{option.label}</span>}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </Box>
      <Divider />
      <Box sx={{ p: 3 }}>
        <Typography id="border-radius-label" component="h3" variant="body1" color="text.secondary" sx={{ mb: 1 }}>
          Border Radius
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="caption">{BORDER_RADIUS.min}px</Typography>
          <Slider
            aria-labelledby="border-radius-label"
            value={borderRadius}
            min={BORDER_RADIUS.min}
            max={BORDER_RADIUS.max}
            step={BORDER_RADIUS.step}
            marks
            valueLabelDisplay="auto"
            getAriaValueText={(value) => `${value}px`}
            onChange={(_event, value) => dispatch(borderRadiusSet(value))}
          />
          <Typography variant="caption">{BORDER_RADIUS.max}px</Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
          Current radius: {borderRadius}px
        </Typography>
      </Box>
    </Drawer>
  );
}
