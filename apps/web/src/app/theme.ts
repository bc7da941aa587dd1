import { createTheme, type PaletteOptions } from '@mui/material/styles';

/**
 * The dashboard's font and radius, as the CSS variables the page sets from the person's choice
 * (the boot script before the first paint, RootShell after a change): one theme for every choice,
 * and the same one the build prerenders the frame with, so that the app's styles are the
 * prerendered page's, class for class (decision 048).
 */
export const VARIABLE_CHOICES = { fontFamily: 'var(--app-font)', borderRadius: 'var(--app-radius)' } as const;

/**
 * The theme from the person's customization: font and corner radius apply everywhere. `palette`
 * replaces the light one (the console's dark mode); the dashboard has the light one only. The
 * dashboard and the build's prerender pass CSS variables (VARIABLE_CHOICES), which the page sets
 * from the stored choice before it paints (decisions 039 and 048).
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
      // The text skeleton's radius is worked out from the theme's as a number (NaN from a CSS
      // variable): the same, written for either.
      ...(typeof borderRadius === 'string' && {
        MuiSkeleton: { styleOverrides: { text: { borderRadius: `${borderRadius} / calc(${borderRadius} / 0.6)` } } },
      }),
      MuiButton: { defaultProps: { disableElevation: true } },
      // Spec section 2: modal dialogs are centred at width 400 (narrower on small phones).
      MuiDialog: { styleOverrides: { paper: { width: 400, maxWidth: 'calc(100% - 32px)', margin: 16 } } },
    },
  });
}
