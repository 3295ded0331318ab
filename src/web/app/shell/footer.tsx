import { Link } from 'react-router';
import { CookiePreferencesLink } from '../../consent/cookie-preferences-link.tsx';
import { isRegistered, paths, type RouteId } from '../paths.ts';
import { PigMark } from './logo.tsx';
import { featureNavItems } from './navigation.ts';

interface FooterLink {
  routeId: RouteId;
  label: string;
  href: string;
}

// The spec's default footer (000 §3), and our plans page; the CMS-managed footer replaces it in a later issue.
const DEFAULT_LINKS: readonly FooterLink[] = [
  { routeId: 'legal', label: 'Legal', href: paths.legal() },
  { routeId: 'contact', label: 'Contact', href: paths.contact() },
  { routeId: 'plans', label: 'Plans and prices', href: paths.plans() },
];

const footerLinkClass =
  'rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function copyrightText(year: number): string {
  return `© ${year} SavvyPig. All rights reserved.`;
}

export function Footer() {
  const links = DEFAULT_LINKS.filter((link) => isRegistered(link.routeId));
  const features = featureNavItems();
  return (
    <footer className="bg-footer text-footer-foreground">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        {features.length > 0 ? (
          <nav aria-labelledby="footer-features-heading" className="border-b border-white/25 pb-6">
            <h2 id="footer-features-heading" className="text-sm font-semibold">
              Features
            </h2>
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {features.map((item) => (
                <li key={item.routeId}>
                  <Link to={item.href} className={footerLinkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
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
                  <Link to={link.href} className={footerLinkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <CookiePreferencesLink className={footerLinkClass} />
              </li>
            </ul>
          </nav>
          <p className="text-sm">{copyrightText(new Date().getFullYear())}</p>
        </div>
      </div>
    </footer>
  );
}
