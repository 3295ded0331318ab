import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from './navigation.ts';

// Drawn with the header before the page's code comes, so its classes are joined without
// tailwind-merge (ADR 0047), like the header's.
export const featuresMenuItemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring ${
    isActive ? 'bg-brand-soft text-brand-soft-foreground' : 'text-foreground'
  }`;

/**
 * The visitor's Features menu in the desktop header: a button that shows and hides a list of
 * links (the disclosure pattern for site navigation, not an ARIA menu: the links stay links for
 * screen readers, and Tab moves through them). Escape closes it and returns to the button; so do
 * a click outside, leaving it with Tab, and following a link. No Radix here: the header is in the
 * first render, and this needs a few lines, not a positioning library.
 */
export function FeaturesMenu({
  items,
  buttonClass,
}: {
  items: readonly NavItem[];
  /** The header link's classes, so the button looks like the links beside it. */
  buttonClass: (state: { isActive: boolean }) => string;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the list on every navigation.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const current = items.some((item) => item.href === location.pathname);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the disclosure closes it.
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        className={`${buttonClass({ isActive: current })} gap-1`}
        onClick={() => setOpen((was) => !was)}
      >
        Features
        <ChevronDown
          className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          aria-hidden
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 grid w-64 gap-0.5 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {items.map((item) => (
          <li key={item.routeId}>
            <NavLink to={item.href} className={featuresMenuItemClass} end onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
