import { useEffect, useState, type ReactNode } from 'react';
import { Menu, MenuButton, MenuItem, Divider, Text } from '@aws-amplify/ui-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { displayName, initials } from '@cg/shared';
import { useAuth, useSignOut } from '../../lib/auth';
import { useLiveUpdates } from '../../lib/ws';
import { Logo } from '../../components/ui/Logo';
import { Sidebar } from './Sidebar';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { AlertBell } from './AlertBell';
import { AccountNotice, LivePausedBanner, TrialBanner, VerifyEmailBanner } from './AccountBanners';
import { JobProgressList } from '../jobs/JobProgress';

export const NAV = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/comments', label: 'Comments' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/reports', label: 'Reports' },
  { to: '/rules', label: 'Rules' },
  { to: '/incidents', label: 'Incidents' },
  { to: '/developers', label: 'API' },
  { to: '/settings', label: 'Settings' },
] as const;

export function NavLinks({ onNavigate, className }: { onNavigate?: () => void; className: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {NAV.map((n) => {
        const active = pathname === n.to || pathname.startsWith(`${n.to}/`) || (n.to === '/dashboard' && pathname === '/');
        return (
          <li key={n.to}>
            <Link to={n.to} className={active ? 'cg-nav-link active' : 'cg-nav-link'} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
              {n.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = displayName(user);
  return (
    <Menu
      menuAlign="end"
      trigger={
        <MenuButton className="cg-user-button">
          <span className="cg-visually-hidden">Account menu for </span>
          <span className="cg-avatar" aria-hidden="true">{initials(name) || 'U'}</span>
          <span className="cg-user-name">{name}</span>
        </MenuButton>
      }
    >
      <div className="cg-menu-head">
        <Text fontWeight="600">{name}</Text>
        {user?.email && user.email !== name && <Text className="cg-muted cg-small">{user.email}</Text>}
      </div>
      <Divider />
      <MenuItem onClick={() => navigate('/settings')}>Settings</MenuItem>
      <MenuItem onClick={signOut}>Sign out</MenuItem>
    </Menu>
  );
}

export default function AppLayout({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // A new active workspace gets a new socket (the server binds each connection to one workspace).
  useLiveUpdates(isAuthenticated, user?.workspaceId ?? '');

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="cg-app">
      <a href="#main" className="cg-skip">Skip to content</a>
      <header className="cg-header">
        <button
          type="button"
          className="cg-drawer-toggle"
          aria-expanded={drawerOpen}
          aria-controls="cg-sidebar"
          aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setDrawerOpen((o) => !o)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {drawerOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <Link to="/dashboard" className="cg-brand">
          <Logo size={30} />
          <span className="cg-brand-text">Pagewarden</span>
        </Link>
        <nav aria-label="Main" className="cg-header-nav">
          <NavLinks className="cg-nav" />
        </nav>
        <div className="cg-header-end">
          <AlertBell />
          <WorkspaceSwitcher />
          <UserMenu />
        </div>
      </header>
      <div className="cg-body">
        {drawerOpen && <div className="cg-scrim" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
        <aside id="cg-sidebar" className={drawerOpen ? 'cg-sidebar open' : 'cg-sidebar'} aria-label="Sidebar">
          <nav aria-label="Mobile" className="cg-drawer-nav">
            <NavLinks className="cg-nav cg-nav-vertical" onNavigate={() => setDrawerOpen(false)} />
          </nav>
          <Sidebar />
        </aside>
        <main id="main" className="cg-main" tabIndex={-1}>
          {/* Account notices (payment failed, analysis quota reached, brands not connected) on every screen. */}
          <LivePausedBanner />
          {user && <AccountNotice user={user} />}
          {user && !user.emailVerified && <VerifyEmailBanner user={user} />}
          {user && <TrialBanner user={user} />}
          <JobProgressList />
          {children}
        </main>
      </div>
    </div>
  );
}
