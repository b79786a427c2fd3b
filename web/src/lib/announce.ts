/**
 * Screen-reader announcements (issue 12): one polite live region on the page; each message replaces
 * the last. The region is created on first use, so every screen shares it.
 */
let region: HTMLElement | null = null;

export function announce(message: string): void {
  if (typeof document === 'undefined') return;
  if (!region || !region.isConnected) {
    region = document.createElement('div');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('role', 'status');
    region.className = 'cg-visually-hidden';
    region.dataset.testid = 'announcer';
    document.body.appendChild(region);
  }
  // A changed text node is what screen readers announce; the same message twice is still announced.
  region.textContent = region.textContent === message ? `${message}\u00a0` : message;
}
