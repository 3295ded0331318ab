import { Link } from 'react-router';

/**
 * The mark's classes, joined without tailwind-merge (the header draws it before the page's code
 * comes, ADR 0047): a `size-*` of the caller's replaces the default `size-8`.
 */
export function pigMarkClassName(className?: string): string {
  if (!className) return 'size-8 shrink-0';
  return /(^|\s)size-/.test(className) ? `shrink-0 ${className}` : `size-8 shrink-0 ${className}`;
}

/** The pig mark on its own (decorative: the word "SavvyPig" sits beside it). */
export function PigMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={pigMarkClassName(className)}>
      <path d="M6.5 11.5 7.8 3.6a.8.8 0 0 1 1.3-.5l5 4.4z" fill="#AA1164" />
      <path d="M25.5 11.5 24.2 3.6a.8.8 0 0 0-1.3-.5l-5 4.4z" fill="#AA1164" />
      <circle cx="16" cy="17.5" r="12" fill="#AA1164" />
      <circle cx="11.2" cy="14.2" r="1.7" fill="#fff" />
      <circle cx="20.8" cy="14.2" r="1.7" fill="#fff" />
      <ellipse cx="16" cy="21.2" rx="6" ry="4.2" fill="#F9C9E0" />
      <ellipse cx="13.7" cy="21.2" rx="1.2" ry="1.6" fill="#7A0C47" />
      <ellipse cx="18.3" cy="21.2" rx="1.2" ry="1.6" fill="#7A0C47" />
    </svg>
  );
}

export function Logo({ to, className, onNavigate }: { to: string; className?: string; onNavigate?: () => void }) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      className={`flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground${className ? ` ${className}` : ''}`}
      aria-label="SavvyPig home"
    >
      <PigMark />
      <span>
        Savvy<span className="text-brand">Pig</span>
      </span>
    </Link>
  );
}
