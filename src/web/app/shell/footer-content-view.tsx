import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  checkContrast,
  DEFAULT_FOOTER,
  type FooterContent,
  type FooterLink,
} from '../../../core/footer/footer-content.ts';
// clsx, not cn: no classes here need merging, and every visitor's first page draws this footer,
// so tailwind-merge (8.6 kB gzip) would join the JavaScript before first render.
import { clsx } from 'clsx';
import { PigMark } from './logo.tsx';

export const footerLinkClass =
  'rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current';

// Addresses the footer may link to: this site's paths, web, mailto and tel (the server checks
// saved ones fully; the editor's live preview links only what reads as one of these).
const LINKABLE = /^(?:\/(?!\/)|https?:\/\/|mailto:|tel:)/i;

/** The footer's colours as shown: the chosen text colour, or black or white when it fails AA (ADR 0062). */
export function footerColours(content: FooterContent): CSSProperties {
  const footer = content.kind === 'structured' ? content.footer : DEFAULT_FOOTER;
  return {
    backgroundColor: footer.backgroundColor,
    color: checkContrast(footer.backgroundColor, footer.textColor).shownTextColor,
  };
}

function FooterLinkItem({ link, preview }: { link: FooterLink; preview: boolean }) {
  const url = link.url.trim();
  if (preview || !LINKABLE.test(url)) {
    // The preview links nowhere: a click would leave the editor.
    return <span className={footerLinkClass}>{link.label}</span>;
  }
  if (url.startsWith('/'))
    return (
      <Link to={url} className={footerLinkClass}>
        {link.label}
      </Link>
    );
  const external = /^https?:/i.test(url);
  return (
    <a href={url} className={footerLinkClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.label}
      {external ? (
        <>
          {' '}
          <span className="sr-only">(opens in a new tab)</span>
        </>
      ) : null}
    </a>
  );
}

function Brand({ logoUrl }: { logoUrl: string }) {
  return (
    <div className="flex items-center gap-2 font-semibold">
      {logoUrl ? (
        <img src={logoUrl} alt="" className="h-7 w-auto max-w-32 object-contain" />
      ) : (
        <span className="inline-flex rounded-full bg-white p-0.5">
          <PigMark className="size-6" />
        </span>
      )}
      SavvyPig
    </div>
  );
}

/**
 * The CMS part of the footer: the structured footer drawn by React (its texts are text, never
 * HTML), or raw HTML the server has sanitised. `extraLinks` are the app's own (cookie
 * preferences, plans), shown whatever the content. `preview` draws it inert for the editor.
 */
export function FooterContentView({
  content,
  extraLinks,
  preview = false,
  navLabel = 'Footer',
}: {
  content: FooterContent;
  extraLinks?: ReactNode;
  preview?: boolean;
  navLabel?: string;
}) {
  if (content.kind === 'html') {
    return (
      <div className="grid gap-4">
        <div
          className={clsx(
            'cms-footer-html min-w-0 text-sm [&_a]:underline [&_a]:underline-offset-4 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:inline-block [&_img]:max-h-16 [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5',
            preview && 'pointer-events-none',
          )}
          // Sanitised by the server (src/server/content/sanitise.ts) when saved and again when sent.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML, ADR 0062
          dangerouslySetInnerHTML={{ __html: content.html }}
        />
        {extraLinks ? (
          <nav aria-label={navLabel}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">{extraLinks}</ul>
          </nav>
        ) : null}
      </div>
    );
  }
  const { footer } = content;
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
      <Brand logoUrl={footer.logoUrl} />
      <nav aria-label={navLabel}>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {footer.links.map((link) => (
            <li key={link.id}>
              <FooterLinkItem link={link} preview={preview} />
            </li>
          ))}
          {extraLinks}
        </ul>
      </nav>
      {footer.copyrightText ? <p className="text-sm">{footer.copyrightText}</p> : null}
    </div>
  );
}
