import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import '../marketing.css';
import { LOGIN_HREF, SITE_NAME, SUPPORT_EMAIL } from '../site';
import { Logo } from '../../../components/ui/Logo';
import { Icon } from './Icon';

function Brand() {
  return (
    <Link to="/" className="mk-brand" aria-label={`${SITE_NAME} home`}>
      <Logo size={34} />
      <span>{SITE_NAME}</span>
    </Link>
  );
}

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/use-cases', label: 'Use Cases' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/features', label: 'Features' },
];

/**
 * 'topbar': the public top bar of spec section 2 (Home, Use Cases, Pricing, Features; Sign In and
 * Get Started are plain browser navigations to /api/login).
 * 'landing': the landing page header (Sign In → /login, Get Started → /register).
 */
export function SiteHeader({ variant }: { variant: 'topbar' | 'landing' }) {
  return (
    <header className="mk-header">
      <div className="mk-container mk-header__inner">
        <Brand />
        <nav className="mk-nav" aria-label="Main">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="mk-header__actions">
          {variant === 'topbar' ? (
            <>
              <a className="mk-btn mk-btn--ghost" href={LOGIN_HREF}>Sign In</a>
              <a className="mk-btn mk-btn--primary" href={LOGIN_HREF}>Get Started</a>
            </>
          ) : (
            <>
              <Link className="mk-btn mk-btn--ghost" to="/login">Sign In</Link>
              <Link className="mk-btn mk-btn--primary" to="/register">Get Started</Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="mk-footer">
      <div className="mk-container">
        <div className="mk-footer__grid">
          <div>
            <Brand />
            <p className="mk-footer__about">
              AI comment moderation for Facebook pages, Instagram accounts and ads, with a human moderator in control of every decision.
            </p>
          </div>
          <nav aria-label="Product">
            <h2>Product</h2>
            <ul>
              <li><Link to="/use-cases">Use Cases</Link></li>
              <li><Link to="/features">Features</Link></li>
              <li><Link to="/pricing">Pricing</Link></li>
              <li><Link to="/dashboard">Dashboard</Link></li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h2>Legal</h2>
            <ul>
              <li><Link to="/privacy">Privacy Policy</Link></li>
              <li><Link to="/terms">Terms of Service</Link></li>
              <li><Link to="/refund">Refund Policy</Link></li>
            </ul>
          </nav>
          <div>
            <h2>Support</h2>
            <ul>
              <li><a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a></li>
            </ul>
          </div>
        </div>
        <div className="mk-footer__bottom">
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </div>
      </div>
    </footer>
  );
}

/** Page frame: skip link, header, one <main>, footer. */
export function MarketingLayout({ variant = 'topbar', children }: { variant?: 'topbar' | 'landing'; children: ReactNode }) {
  return (
    <div className="mk">
      <a className="mk-skip" href="#main">Skip to content</a>
      <SiteHeader variant={variant} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export interface FaqItem {
  q: string;
  a: ReactNode;
}

/** Native disclosure widgets: keyboard and screen-reader accessible without script. */
export function Faq({ items, title = 'Frequently Asked Questions' }: { items: FaqItem[]; title?: string }) {
  return (
    <section className="mk-section" aria-labelledby="faq-title">
      <div className="mk-container mk-narrow">
        <h2 id="faq-title" style={{ textAlign: 'center', marginBottom: 28 }}>{title}</h2>
        <div className="mk-faq">
          {items.map((item) => (
            <details key={item.q}>
              <summary>{item.q}</summary>
              <div>{typeof item.a === 'string' ? <p>{item.a}</p> : item.a}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

export function CtaBand({ title, text, secondary }: { title: string; text: string; secondary?: { to: string; label: string } }) {
  return (
    <section className="mk-section" aria-labelledby="cta-title">
      <div className="mk-container">
        <div className="mk-cta">
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
          <div className="mk-cta__actions">
            <a className="mk-btn mk-btn--light mk-btn--lg" href={LOGIN_HREF}>Get Started Now</a>
            <Link className="mk-btn mk-btn--outline-light mk-btn--lg" to={secondary?.to ?? '/pricing'}>{secondary?.label ?? 'View Pricing'}</Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export function PageLoading() {
  return (
    <div className="mk">
      <div className="mk-loading" role="status">
        <span className="mk-spinner" aria-hidden="true" />
        <span>Loading...</span>
      </div>
    </div>
  );
}
