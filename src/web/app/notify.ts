import { createElement, type ReactNode } from 'react';
import { toast } from 'sonner';

/**
 * The app's one way to show a toast, with the spec's merged-toast rules (000 §2): toasts sit
 * bottom centre for 4 seconds, one at a time (the Toaster in providers.tsx); messages that
 * arrive within 800 ms of each other become one toast; a message repeated within 1 second is
 * dropped; a toast holds at most 3 messages (a fourth starts the next toast).
 */
export const TOAST_DURATION_MS = 4000;
export const MERGE_DELAY_MS = 800;
export const DUPLICATE_WINDOW_MS = 1000;
export const MAX_MERGED_MESSAGES = 3;

export type ToastKind = 'error' | 'warning' | 'info' | 'success';
export interface NotifyOptions {
  /** How long the toast stays, in milliseconds (the inactivity sign-out notice uses 5 s). */
  duration?: number;
}

export interface MergedToast {
  kind: ToastKind;
  messages: string[];
  duration: number;
}

// A merged toast takes the most serious kind among its messages.
const SEVERITY: Record<ToastKind, number> = { error: 3, warning: 2, info: 1, success: 0 };

export function createNotifier(show: (toast: MergedToast) => void) {
  let batch: { kind: ToastKind; message: string; duration: number }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lastShown = new Map<string, number>();

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    const kind = items.reduce<ToastKind>(
      (worst, item) => (SEVERITY[item.kind] > SEVERITY[worst] ? item.kind : worst),
      items[0]!.kind,
    );
    show({ kind, messages: items.map((i) => i.message), duration: Math.max(...items.map((i) => i.duration)) });
  };

  const add = (kind: ToastKind, message: string, options: NotifyOptions = {}) => {
    const text = message.trim();
    if (!text) return;
    const now = Date.now();
    const previous = lastShown.get(text);
    if (previous !== undefined && now - previous < DUPLICATE_WINDOW_MS) return;
    lastShown.set(text, now);
    for (const [key, at] of lastShown) if (now - at >= DUPLICATE_WINDOW_MS) lastShown.delete(key);

    batch.push({ kind, message: text, duration: options.duration ?? TOAST_DURATION_MS });
    if (batch.length >= MAX_MERGED_MESSAGES) flush();
    else if (timer === undefined) timer = setTimeout(flush, MERGE_DELAY_MS);
  };

  return {
    success: (message: string, options?: NotifyOptions) => add('success', message, options),
    error: (message: string, options?: NotifyOptions) => add('error', message, options),
    warning: (message: string, options?: NotifyOptions) => add('warning', message, options),
    info: (message: string, options?: NotifyOptions) => add('info', message, options),
    /** Shows what is waiting now (e.g. before the page goes away). */
    flush,
    /** Forgets everything waiting and recently shown (between tests). */
    reset: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      batch = [];
      lastShown.clear();
    },
  };
}

function description(rest: string[]): ReactNode {
  if (rest.length === 0) return undefined;
  return createElement(
    'ul',
    { className: 'mt-1 grid gap-1' },
    rest.map((message) => createElement('li', { key: message }, message)),
  );
}

/** Draws a merged toast with sonner: the first message as the title, any others listed below it. */
export function showWithSonner({ kind, messages, duration }: MergedToast): void {
  const [first, ...rest] = messages;
  toast[kind](first, { duration, description: description(rest) });
}

export const notify = createNotifier(showWithSonner);
