import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider, type PaletteOptions } from '@mui/material/styles';
import { createAppTheme } from '../app/theme';
import { loadCustomization } from '../features/customization/customization-slice';

export type ConsoleMode = 'light' | 'dark';

export const CONSOLE_MODE_KEY = 'agentdesk_console_theme';

/**
 * The console's dark palette. The screens use the light theme's roles the same way here:
 * `primary.dark`, `error.dark` and `success.dark` are the emphasised text colours (light tints
 * on a dark page), `primary.light` the tinted background of a selected thing (a dark tint);
 * every pair keeps 4.5:1 (axe checks it in e2e/admin-dark-mode.test.ts).
 */
const DARK_PALETTE: PaletteOptions = {
  mode: 'dark',
  primary: { main: '#b39ddb', light: '#2e2442', dark: '#d1c4e9', contrastText: '#000000' },
  secondary: { main: '#90caf9', light: '#1a2a3a', dark: '#bbdefb', contrastText: '#000000' },
  success: { main: '#81c784', dark: '#a5d6a7', contrastText: '#000000' },
  error: { main: '#f28b82', dark: '#f6aea9', contrastText: '#000000' },
  warning: { main: '#ffb74d', dark: '#ffcc80', contrastText: '#000000' },
  info: { main: '#81d4fa', dark: '#b3e5fc', contrastText: '#000000' },
  background: { default: '#121418', paper: '#1c1f26' },
};

/**
 * styles/base.css paints the page before MUI (its variables, on :root): in dark they follow,
 * more specific than its :root so that the order of the two stylesheets does not matter.
 */
const DARK_BASE = {
  'html:root': {
    '--app-bg': DARK_PALETTE.background?.default,
    '--app-text': '#e8eaed',
    '--app-muted': '#b0b4ba',
    '--app-border': '#5f6368',
    colorScheme: 'dark',
  },
} as const;

/** The operator's choice in this browser, else their system's. */
export function initialConsoleMode(): ConsoleMode {
  try {
    const saved = window.localStorage.getItem(CONSOLE_MODE_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // Storage refused (private mode): the system's choice.
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

const ConsoleModeContext = createContext<{ mode: ConsoleMode; toggle: () => void }>({
  mode: 'light',
  toggle: () => undefined,
});

/** The console's light or dark mode, and the switch between them (kept in this browser). */
export function useConsoleMode() {
  return useContext(ConsoleModeContext);
}

/**
 * The dashboard's design system (app/theme.ts), with the font and corner radius this browser
 * chose there, light or dark (issue 21: the console in both). The console's store has no
 * customization slice of its own, so it reads the saved choice instead of app/theme-root.tsx's
 * selector.
 */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ConsoleMode>(initialConsoleMode);
  const theme = useMemo(() => createAppTheme(loadCustomization(), mode === 'dark' ? DARK_PALETTE : undefined), [mode]);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      try {
        window.localStorage.setItem(CONSOLE_MODE_KEY, next);
      } catch {
        // Not kept: this visit only.
      }
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ConsoleModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {mode === 'dark' && <GlobalStyles styles={DARK_BASE} />}
        {children}
      </ThemeProvider>
    </ConsoleModeContext>
  );
}
