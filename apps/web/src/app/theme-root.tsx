import { useMemo, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { selectCustomization } from '../features/customization/customization-slice';
import { createAppTheme } from './theme';

export function ThemeRoot({ children }: { children: ReactNode }) {
  const { fontFamily, borderRadius } = useSelector(selectCustomization);
  const theme = useMemo(() => createAppTheme({ fontFamily, borderRadius }), [fontFamily, borderRadius]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
