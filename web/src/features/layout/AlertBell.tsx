/**
 * The header's alert bell (issue 11, item 7): the unread count on the button, and a panel with the
 * newest alerts of the workspace (loading, empty and failed states); opening an alert marks it read,
 * "Mark all read" clears the count. Live: the socket's `alert` messages refetch the list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Loader, Text } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router';
import { ALERT_KIND_LABELS, type Alert } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { useAlerts, useMarkAlertsRead } from '../../lib/alerts';
import { relativeTime } from '../../lib/time';
import './alert-bell.css';

export function AlertBell() {
  const [open, setOpen] = useState(false);
  const alerts = useAlerts();
  const mark = useMarkAlertsRead();
  const navigate = useNavigate();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const unread = alerts.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    const onClick = (e: MouseEvent) => { if (root.current && !root.current.contains(e.target as Node)) setOpen(false); };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => { window.removeEventListener('keydown', onKey); window.removeEventListener('mousedown', onClick); };
  }, [open]);

  function openAlert(a: Alert) {
    if (!a.read) mark.mutate({ ids: [a.id] });
    if (a.link) {
      setOpen(false);
      navigate(a.link);
    }
  }

  const label = unread ? `Alerts, ${unread} unread` : 'Alerts';
  return (
    <div className="cg-bell" ref={root}>
      <button type="button" className="cg-bell-button" aria-label={label} title={label} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        {unread > 0 && <span className="cg-bell-count" aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && (
        <div id={panelId} className="cg-bell-panel" role="region" aria-label="Alerts">
          <div className="cg-bell-head">
            <Text as="h2" fontWeight="600" fontSize="1rem" margin="0">Alerts</Text>
            {unread > 0 && (
              <Button size="small" variation="link" isDisabled={mark.isPending} onClick={() => mark.mutate({ all: true })}>Mark all read</Button>
            )}
          </div>
          {mark.isError && <Text role="alert" className="cg-small cg-error-text">{errorMessage(mark.error, 'Could not mark alerts read. Please try again.')}</Text>}
          {alerts.isLoading ? (
            <div className="cg-bell-state"><Loader size="small" /> <span>Loading alerts…</span></div>
          ) : alerts.isError ? (
            <div className="cg-bell-state" role="alert">
              <span>{errorMessage(alerts.error, 'Failed to load alerts.')}</span>
              <Button size="small" onClick={() => void alerts.refetch()}>Try again</Button>
            </div>
          ) : !alerts.data?.items.length ? (
            <p className="cg-bell-state cg-muted">No alerts yet. Troll attacks, negative surges, slow responses, quota and reconnects show up here.</p>
          ) : (
            <ul className="cg-bell-list">
              {alerts.data.items.map((a) => (
                <li key={a.id} className={a.read ? 'cg-bell-item' : 'cg-bell-item unread'}>
                  <button type="button" onClick={() => openAlert(a)}>
                    <span className="cg-bell-title">{!a.read && <span className="cg-visually-hidden">Unread: </span>}{a.title}</span>
                    <span className="cg-bell-detail">{a.detail}</span>
                    <span className="cg-bell-meta">{ALERT_KIND_LABELS[a.kind]} · <time dateTime={a.createdAt}>{relativeTime(a.createdAt)}</time></span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
