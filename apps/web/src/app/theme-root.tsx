import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme, VARIABLE_CHOICES } from './theme';

let theme: ReturnType<typeof createAppTheme> | undefined;

/**
 * The dashboard's theme: one for every font and radius, which it takes from CSS variables
 * (RootShell sets them from the person's choice), so a change restyles the page without
 * re-rendering it, and its styles are those the build prerendered (decision 048).
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  theme ??= createAppTheme(VARIABLE_CHOICES);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
