import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '../lib/languages';

const STORAGE_KEY = 'agentdesk.docs.language';

interface SampleLanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

const SampleLanguageContext = createContext<SampleLanguageState | null>(null);

function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === stored) ?? 'curl';
  } catch {
    return 'curl';
  }
}

/**
 * One language for every sample on the page: a reader who picks Python sees Python
 * everywhere, and again on the next visit.
 */
export function SampleLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((next: Language) => {
    setState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this visit.
    }
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <SampleLanguageContext value={value}>{children}</SampleLanguageContext>;
}

export function useSampleLanguage(): SampleLanguageState {
  const state = useContext(SampleLanguageContext);
  if (!state) throw new Error('useSampleLanguage needs a SampleLanguageProvider');
  return state;
}
