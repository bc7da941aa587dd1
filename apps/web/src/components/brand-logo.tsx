import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The product mark as a MUI icon, following the theme colour. */
export function BrandLogo(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 48 48" {...props}>
      <rect width="48" height="48" rx="12" fill="currentColor" />
      <path d="M14 34 24 12l10 22h-5l-5-11.5L19 34z" fill="#fff" />
    </SvgIcon>
  );
}
