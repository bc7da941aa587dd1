/** The languages every code sample is written in, in the switcher's order. */
export const LANGUAGES = ['curl', 'javascript', 'php', 'python'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_LABELS: Record<Language, string> = {
  curl: 'curl',
  javascript: 'JavaScript',
  php: 'PHP',
  python: 'Python',
};

/** A sample in every language. */
export type Sample = Record<Language, string>;
