import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/logo-mark';
import { getConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/use-page-title';
import './auth.css';

/** The frame of every sign-in screen: brand, one h1, the form, and links to the other screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="auth-brand">
          <LogoMark />
          {getConfig().brandName}
        </p>
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </main>
  );
}
