import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { type FocusEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Notifier, Toast, ToastKind } from './notify.ts';

const LOOK: Record<ToastKind, { box: string; icon: typeof Info; iconColour: string }> = {
  error: { box: 'border-destructive/50 bg-destructive-soft', icon: CircleAlert, iconColour: 'text-destructive' },
  warning: { box: 'border-warning/50 bg-warning-soft', icon: TriangleAlert, iconColour: 'text-warning' },
  info: { box: 'border-info/40 bg-info-soft', icon: Info, iconColour: 'text-info' },
  success: { box: 'border-success/40 bg-success-soft', icon: CircleCheck, iconColour: 'text-success' },
};

function ToastCard({
  toast,
  onShown,
  onDismiss,
}: {
  toast: Toast;
  onShown: (id: number) => void;
  onDismiss: () => void;
}) {
  const { box, icon: Icon, iconColour } = LOOK[toast.kind];
  // The live region is in the page before its words arrive, so screen readers announce them.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // Its time on screen starts once its words are drawn.
  useEffect(() => {
    if (ready) onShown(toast.id);
  }, [ready, onShown, toast.id]);
  const error = toast.kind === 'error';
  return (
    <div
      data-toast={toast.kind}
      data-toast-id={toast.id}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border py-3 pr-2 pl-4 text-sm text-foreground shadow-lg motion-safe:animate-fade-in ${box}`}
    >
      <Icon className={`mt-0.5 size-5 shrink-0 ${iconColour}`} aria-hidden />
      <div
        role={error ? 'alert' : 'status'}
        aria-live={error ? 'assertive' : 'polite'}
        aria-atomic="true"
        className="min-w-0 flex-1 self-center break-words"
      >
        {ready ? (
          <>
            <p className="font-medium">{toast.message}</p>
            {toast.detail ? <p className="mt-0.5 text-muted-foreground">{toast.detail}</p> : null}
          </>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-background/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/**
 * Draws the notifier's toasts: bottom centre, each message in its own box with its kind's colour
 * and icon, an error as an alert and anything else as a status. They sit above the cookie banner
 * (its height is `--cookie-banner-height`, set while it shows), and wait while the pointer or
 * focus is on them. Each toast's time starts when its words are drawn (`notifier.shown`).
 */
export function Toaster({ notifier }: { notifier: Notifier }) {
  const toasts = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot, notifier.getSnapshot);
  // Held while the pointer is over them or focus is in them, whichever lasts longer.
  const holding = useRef({ pointer: false, focus: false });
  const hold = (what: 'pointer' | 'focus', on: boolean) => {
    holding.current[what] = on;
    if (holding.current.pointer || holding.current.focus) notifier.pause();
    else notifier.resume();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
  };
  const list = useRef<HTMLDivElement>(null);
  const dismiss = (id: number) => {
    const hadFocus = list.current?.contains(document.activeElement) ?? false;
    notifier.dismiss(id);
    if (!hadFocus) return;
    // Focus goes to the next toast's close button, or back to the page, never lost.
    const next = [...(list.current?.querySelectorAll<HTMLElement>('[data-toast-id]') ?? [])]
      .find((card) => card.dataset.toastId !== String(id))
      ?.querySelector('button');
    if (next) next.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  };
  // With nothing left to hover or focus, nothing holds the next toasts.
  useEffect(() => {
    if (toasts.length > 0) return;
    holding.current = { pointer: false, focus: false };
    notifier.resume();
  }, [toasts.length, notifier]);
  return (
    // aria-live="off": each toast is its own live region. The attribute also keeps the list
    // audible while a modal dialog hides the rest of the page from screen readers.
    <section
      aria-label="Notifications"
      aria-live="off"
      data-toaster=""
      className="pointer-events-none fixed inset-x-0 z-[70] flex justify-center px-4"
      style={{ bottom: 'calc(var(--cookie-banner-height, 0px) + 1rem)' }}
      onMouseEnter={() => hold('pointer', true)}
      onMouseLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={onBlur}
    >
      {toasts.length > 0 ? (
        <div ref={list} className="grid w-full max-w-md gap-2">
          {toasts.map((toast) => (
            <ToastCard key={toast.id} toast={toast} onShown={notifier.shown} onDismiss={() => dismiss(toast.id)} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
