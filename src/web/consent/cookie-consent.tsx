import { type ReactNode, useEffect, useState } from 'react';
import { ConsentProvider, useConsent } from './consent-provider.tsx';
import { ConsentScripts } from './consent-scripts.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { lazyPart } from '../app/lazy-part.tsx';

// Its dialog (Radix, switches, the cookie catalogue) is not part of the first render: it is
// fetched once the page is up (so it opens at once, offline too) and mounted when first opened.
const CookiePreferencesDialog = lazyPart(
  () => import('./cookie-preferences-dialog.tsx').then((m) => m.CookiePreferencesDialog),
  () => null,
);

/** Whether the preferences have been opened on this page yet (then the dialog stays mounted, to animate closing). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The banner's height, so the page can keep that much room below its footer. */
function useHeight(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!element) return;
    setHeight(element.offsetHeight);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}

function ConsentChrome({ children }: { children: ReactNode }) {
  const { bannerVisible, preferencesOpen } = useConsent();
  const preferencesWanted = useOpenedOnce(preferencesOpen);
  useEffect(() => CookiePreferencesDialog.preload(), []);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  const height = useHeight(bannerVisible ? banner : null);
  // Toasts (app/toaster.tsx) stand on top of the banner rather than covering it.
  useEffect(() => {
    const root = document.documentElement.style;
    if (bannerVisible && height > 0) root.setProperty('--cookie-banner-height', `${height}px`);
    else root.removeProperty('--cookie-banner-height');
    return () => {
      root.removeProperty('--cookie-banner-height');
    };
  }, [bannerVisible, height]);
  return (
    <>
      {bannerVisible ? <CookieBanner ref={setBanner} /> : null}
      {children}
      {/* Room to scroll the footer clear of the fixed banner. */}
      {bannerVisible ? <div aria-hidden style={{ height }} data-testid="cookie-banner-spacer" /> : null}
      {preferencesWanted ? <CookiePreferencesDialog /> : null}
      <ConsentScripts />
    </>
  );
}

/** Cookie consent for every page: banner, preferences dialog, the script gate and server sync. */
export function CookieConsent({ children }: { children: ReactNode }) {
  return (
    <ConsentProvider>
      <ConsentChrome>{children}</ConsentChrome>
    </ConsentProvider>
  );
}
