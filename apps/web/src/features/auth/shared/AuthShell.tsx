import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SolarIllustration } from './SolarIllustration.tsx';
import './auth.css';

/** The frame of the sign-in, register and password pages: brand and illustration beside the form. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <section className="auth-brand">
        <div className="auth-brand-head">
          <BrandLogo size={40} />
          <span className="auth-brand-name">{t('app.name')}</span>
        </div>
        <SolarIllustration />
        <h2 className="auth-brand-tagline">{t('auth.tagline')}</h2>
        <p className="auth-brand-sub">{t('auth.taglineSub')}</p>
      </section>
      <section className="auth-form-side">
        <div className="auth-lang">
          <LanguageSwitch />
        </div>
        <div className="auth-card">
          <div className="auth-card-brand">
            <BrandLogo size={32} />
            <span>{t('app.name')}</span>
          </div>
          <h1 className="auth-title">{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </div>
        <footer className="auth-footer">{t('auth.footer')}</footer>
      </section>
    </div>
  );
}
