/** Toasts (spec section 8): at most one at a time; destructive for failures; announced to screen readers. */
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title?: string;
  description?: string;
  variant: 'default' | 'destructive';
  /** A button in the toast (Undo), and how long the toast stays (default TOAST_DURATION_MS). */
  action?: { label: string; run: () => void };
  durationMs?: number;
}

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const TOAST_DURATION_MS = 6000;

export function toast(t: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void {
  current = { id: nextId++, variant: 'default', ...t };
  if (timer) clearTimeout(timer);
  timer = setTimeout(dismissToast, t.durationMs ?? TOAST_DURATION_MS);
  emit();
}

export function toastError(description: string, title?: string): void {
  toast({ title, description, variant: 'destructive' });
}

export function dismissToast(): void {
  current = null;
  if (timer) clearTimeout(timer);
  timer = undefined;
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
