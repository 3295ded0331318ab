import { Link } from 'react-router';
import { CookiePreferencesLink } from '../../consent/cookie-preferences-link.tsx';
import { isRegistered, paths, type RouteId } from '../paths.ts';
import { PigMark } from './logo.tsx';

interface FooterLink {
  routeId: RouteId;
  label: string;
  href: string;
}

// The spec's default footer (000 §3); the CMS-managed footer replaces it in a later issue.
const DEFAULT_LINKS: readonly FooterLink[] = [
  { routeId: 'legal', label: 'Legal', href: paths.legal() },
  { routeId: 'contact', label: 'Contact', href: paths.contact() },
];

export function copyrightText(year: number): string {
  return `© ${year} SavvyPig. All rights reserved.`;
}

export function Footer() {
  const links = DEFAULT_LINKS.filter((link) => isRegistered(link.routeId));
  return (
    <footer className="bg-footer text-footer-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2 font-semibold">
          <span className="inline-flex rounded-full bg-white p-0.5">
            <PigMark className="size-6" />
          </span>
          SavvyPig
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link) => (
              <li key={link.routeId}>
                <Link
                  to={link.href}
                  className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CookiePreferencesLink className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white" />
            </li>
          </ul>
        </nav>
        <p className="text-sm">{copyrightText(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
