import { Link } from 'react-router';
import { CookiePreferencesLink } from '../../consent/cookie-preferences-link.tsx';
import { isRegistered, paths } from '../paths.ts';
import { useFooterContent } from './footer-api.ts';
import { FooterContentView, footerColours, footerLinkClass } from './footer-content-view.tsx';
import { featureNavItems } from './navigation.ts';

/**
 * Every page's footer: the feature pages (ours), then the CMS-managed footer (000 §4, ADR 0062):
 * the active one an admin chose, or the spec's defaults. The cookie preferences and our plans page
 * are always there, whatever the content.
 */
export function Footer() {
  const content = useFooterContent();
  const features = featureNavItems();
  return (
    <footer style={footerColours(content)}>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        {features.length > 0 ? (
          <nav aria-labelledby="footer-features-heading" className="border-b border-current/25 pb-6">
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
        <FooterContentView
          content={content}
          extraLinks={
            <>
              {isRegistered('plans') ? (
                <li>
                  <Link to={paths.plans()} className={footerLinkClass}>
                    Plans and prices
                  </Link>
                </li>
              ) : null}
              <li>
                <CookiePreferencesLink className={footerLinkClass} />
              </li>
            </>
          }
        />
      </div>
    </footer>
  );
}
