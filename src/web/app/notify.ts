/**
 * The app's one way to show a toast (docs/decisions/0023-one-notice-per-toast.md). Each message
 * is its own toast, with its own colour and its own live region, drawn by the Toaster
 * (ui/toaster.tsx) at the bottom centre, above the cookie banner. From the spec's rules (000 §2)
 * it keeps the 800 ms wait before a toast shows, drops a message repeated within 1 second and
 * shows at most 3 at once (a fourth waits for a place); it does not merge messages into one box.
 *
 * An error or warning belongs to the page it was raised on: it goes when the page changes
 * (`acrossPages` keeps one that explains why the user was sent elsewhere). An error or warning
 * about a form (`form`) goes when that form succeeds (`formSucceeded(form)`, or a success with the
 * same `form`) or says something new (its next error replaces it).
 *
 * A toast's time runs from when the Toaster has drawn its words (`shown`), not from when it was
 * raised: on a slow device the page behind it can take seconds to render, and a toast that hid
 * before it was ever drawn would have said nothing.
 */
export const TOAST_DURATION_MS = 4000;
export const SHOW_DELAY_MS = 800;
export const DUPLICATE_WINDOW_MS = 1000;
export const MAX_VISIBLE_TOASTS = 3;

export type ToastKind = 'error' | 'warning' | 'info' | 'success';

export interface NotifyOptions {
  /** How long the toast stays, in milliseconds (the inactivity sign-out notice uses 5 s). */
  duration?: number;
  /** More about the same notice (the server's reason, say), shown under it in the same toast. */
  detail?: string | null;
  /** The form the notice is about: its errors and warnings go when the form succeeds. */
  form?: string;
  /** Keeps an error or warning when the page changes: it says why the user was sent to the new page. */
  acrossPages?: boolean;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  detail?: string;
  duration: number;
  form?: string;
  /** The page (pathname) an error or warning belongs to; none when it may outlive the page. */
  page?: string;
}

type Waiting = Toast & { showAt: number };
type Timer = ReturnType<typeof setTimeout>;

const isProblem = (kind: ToastKind) => kind === 'error' || kind === 'warning';

export function createNotifier() {
  let nextId = 1;
  let waiting: Waiting[] = [];
  let visible: Toast[] = [];
  let snapshot: readonly Toast[] = [];
  /** The page now on screen, as the router last said (RootLayout); unknown until it says. */
  let currentPage: string | undefined;
  let paused = false;
  let showTimer: Timer | undefined;
  const hideTimers = new Map<number, Timer>();
  /** Time left for each visible toast while paused (hover or focus), or before its timer starts. */
  const remaining = new Map<number, number>();
  /** Visible toasts the Toaster has drawn: only their time runs. */
  const drawn = new Set<number>();
  const hideAt = new Map<number, number>();
  const lastRaised = new Map<string, number>();
  const listeners = new Set<() => void>();

  const emit = () => {
    snapshot = [...visible];
    for (const listener of listeners) listener();
  };

  const startHiding = (id: number, ms: number) => {
    clearTimeout(hideTimers.get(id));
    hideAt.set(id, Date.now() + ms);
    hideTimers.set(
      id,
      setTimeout(() => removeWhere((t) => t.id === id), ms),
    );
  };

  const stopHiding = (id: number) => {
    clearTimeout(hideTimers.get(id));
    hideTimers.delete(id);
    hideAt.delete(id);
    remaining.delete(id);
    drawn.delete(id);
  };

  /** Starts a visible toast's time, or sets how long it will be once it is drawn and not paused. */
  const keepFor = (id: number, ms: number) => {
    if (drawn.has(id) && !paused) startHiding(id, ms);
    else remaining.set(id, ms);
  };

  /** Moves toasts whose wait is over into free places, and sets a timer for the next one due. */
  const promote = () => {
    if (showTimer !== undefined) clearTimeout(showTimer);
    showTimer = undefined;
    const now = Date.now();
    let changed = false;
    while (visible.length < MAX_VISIBLE_TOASTS && waiting.length > 0 && waiting[0]!.showAt <= now) {
      const { showAt: _, ...toast } = waiting.shift()!;
      visible.push(toast);
      remaining.set(toast.id, toast.duration);
      changed = true;
    }
    if (changed) emit();
    const next = waiting[0];
    if (next && visible.length < MAX_VISIBLE_TOASTS) showTimer = setTimeout(promote, Math.max(0, next.showAt - now));
  };

  function removeWhere(matches: (toast: Toast) => boolean) {
    waiting = waiting.filter((t) => !matches(t));
    const gone = visible.filter(matches);
    if (gone.length > 0) {
      for (const t of gone) stopHiding(t.id);
      visible = visible.filter((t) => !matches(t));
      emit();
    }
    promote();
  }

  const add = (kind: ToastKind, message: string, options: NotifyOptions = {}) => {
    const text = message.trim();
    if (!text) return;
    const detail = options.detail?.trim() || undefined;
    const key = `${text}\n${detail ?? ''}`;
    const now = Date.now();
    const previous = lastRaised.get(key);
    if (previous !== undefined && now - previous < DUPLICATE_WINDOW_MS) return;
    lastRaised.set(key, now);
    for (const [k, at] of lastRaised) if (now - at >= DUPLICATE_WINDOW_MS) lastRaised.delete(k);
    const sameAs = (t: Toast) => t.kind === kind && t.message === text && t.detail === detail;

    // A form's newest word replaces its earlier errors and warnings: a success ends them, and a
    // second failure says what is wrong now.
    if (options.form) removeWhere((t) => t.form === options.form && isProblem(t.kind) && !sameAs(t));

    const shown = visible.find(sameAs);
    if (shown) {
      // Already on screen: it stays for its full time again rather than showing twice.
      keepFor(shown.id, Math.max(shown.duration, options.duration ?? 0));
      return;
    }
    if (waiting.some(sameAs)) return;

    waiting.push({
      id: nextId++,
      kind,
      message: text,
      ...(detail ? { detail } : {}),
      duration: options.duration ?? TOAST_DURATION_MS,
      ...(options.form ? { form: options.form } : {}),
      ...(isProblem(kind) && !options.acrossPages && currentPage !== undefined ? { page: currentPage } : {}),
      showAt: now + SHOW_DELAY_MS,
    });
    promote();
  };

  return {
    success: (message: string, options?: NotifyOptions) => add('success', message, options),
    error: (message: string, options?: NotifyOptions) => add('error', message, options),
    warning: (message: string, options?: NotifyOptions) => add('warning', message, options),
    info: (message: string, options?: NotifyOptions) => add('info', message, options),
    /** The Toaster has drawn this toast's words: its time starts now (or when the pause ends). */
    shown: (id: number) => {
      if (drawn.has(id) || !visible.some((t) => t.id === id)) return;
      drawn.add(id);
      const left = remaining.get(id);
      if (left === undefined || paused) return;
      remaining.delete(id);
      startHiding(id, left);
    },
    /** Closes one toast (its close button). */
    dismiss: (id: number) => removeWhere((t) => t.id === id),
    /** The form worked: its errors and warnings, shown or still waiting, go. */
    formSucceeded: (form: string) => removeWhere((t) => t.form === form && isProblem(t.kind)),
    /** The router moved to `page` (a pathname): errors and warnings of any other page go. */
    pageChanged: (page: string) => {
      currentPage = page;
      removeWhere((t) => t.page !== undefined && t.page !== page);
    },
    /** Holds every visible toast while the pointer or focus is on them. */
    pause: () => {
      if (paused) return;
      paused = true;
      const now = Date.now();
      for (const t of visible) {
        if (!drawn.has(t.id)) continue; // its time has not started: `remaining` holds all of it
        const left = Math.max(0, (hideAt.get(t.id) ?? now + t.duration) - now);
        clearTimeout(hideTimers.get(t.id));
        hideTimers.delete(t.id);
        remaining.set(t.id, left);
      }
    },
    resume: () => {
      if (!paused) return;
      paused = false;
      for (const t of visible) {
        if (!drawn.has(t.id)) continue;
        startHiding(t.id, remaining.get(t.id) ?? t.duration);
        remaining.delete(t.id);
      }
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: (): readonly Toast[] => snapshot,
    /** Forgets everything waiting, shown and recently raised (between tests). */
    reset: () => {
      if (showTimer !== undefined) clearTimeout(showTimer);
      showTimer = undefined;
      for (const timer of hideTimers.values()) clearTimeout(timer);
      hideTimers.clear();
      hideAt.clear();
      remaining.clear();
      drawn.clear();
      lastRaised.clear();
      waiting = [];
      visible = [];
      paused = false;
      currentPage = undefined;
      emit();
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

export const notify = createNotifier();
