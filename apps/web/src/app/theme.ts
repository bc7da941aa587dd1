import { createTheme, type PaletteOptions } from '@mui/material/styles';

/**
 * The theme from the person's customization: font and corner radius apply everywhere. `palette`
 * replaces the light one (the console's dark mode); the dashboard has the light one only. The
 * build's prerender passes CSS variables (`var(--app-font)`), which the page sets from the
 * stored choice before it paints (decision 039).
 */
export function createAppTheme(
  { fontFamily, borderRadius }: { fontFamily: string; borderRadius: number | string },
  palette?: PaletteOptions,
) {
  return createTheme({
    palette: palette ?? {
      primary: { main: '#5e35b1', light: '#ede7f6', dark: '#4527a0' },
      secondary: { main: '#1e88e5', light: '#e3f2fd', dark: '#1565c0' },
      success: { main: '#1b7f3b', dark: '#14642e', contrastText: '#ffffff' },
      background: { default: '#eef2f6', paper: '#ffffff' },
    },
    typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
    shape: { borderRadius },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // Spec section 2: modal dialogs are centred at width 400 (narrower on small phones).
      MuiDialog: { styleOverrides: { paper: { width: 400, maxWidth: 'calc(100% - 32px)', margin: 16 } } },
    },
  });
}
