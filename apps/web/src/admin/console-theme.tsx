import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../app/theme';
import { loadCustomization } from '../features/customization/customization-slice';

/**
 * The dashboard's design system (app/theme.ts), with the font and corner radius this browser
 * chose there. The console's store has no customization slice of its own, so it reads the
 * saved choice instead of app/theme-root.tsx's selector.
 */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(loadCustomization()), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
