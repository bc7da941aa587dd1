import { useId } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LANGUAGE_LABELS, LANGUAGES, type Language, type Sample } from '../lib/languages';
import { CodeBlock } from './code-block';
import { useSampleLanguage } from './sample-language';

/** A sample in the page's chosen language, with the switcher that changes it everywhere. */
export function CodeSample({ title, sample }: { title: string; sample: Sample }) {
  const { language, setLanguage } = useSampleLanguage();
  const id = useId();
  const tabId = (value: Language) => `${id}-tab-${value}`;
  return (
    <Box component="figure" sx={{ m: 0, my: 2, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Tabs
        value={language}
        onChange={(_, value: Language) => setLanguage(value)}
        aria-label={`Language of the sample: ${title}`}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{
          minHeight: 36,
          '& .MuiTab-root': { minHeight: 36, minWidth: 0, px: 1.5, py: 0.5, textTransform: 'none' },
        }}
      >
        {LANGUAGES.map((value) => (
          <Tab
            key={value}
            value={value}
            label={LANGUAGE_LABELS[value]}
            id={tabId(value)}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(language)}>
        <CodeBlock code={sample[language]} label={`${title} (${LANGUAGE_LABELS[language]})`} />
      </div>
    </Box>
  );
}
