/** The product mark as plain SVG: usable before MUI has loaded. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="currentColor" />
      <path d="M14 34 24 12l10 22h-5l-5-11.5L19 34z" fill="#fff" />
    </svg>
  );
}
