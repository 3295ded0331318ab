import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConsentCategoryId } from '../../core/consent/consent.ts';
import { consentScriptsQueryKey, fetchConsentScripts } from './api.ts';
import { useConsent } from './consent-provider.tsx';

/** Adds `<script src async>` for a category while `src` is set; takes it out again when consent is withdrawn. */
function useConsentedScript(category: ConsentCategoryId, src: string | null | undefined) {
  useEffect(() => {
    if (!src) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.consentCategory = category;
    document.head.appendChild(script);
    return () => script.remove();
  }, [category, src]);
}

/**
 * The gate for optional third-party scripts: nothing is asked for, let alone loaded, until the
 * visitor allows analytics or marketing; then only the script of an allowed category loads
 * (addresses from the server's optional ANALYTICS_SCRIPT_URL / MARKETING_SCRIPT_URL).
 */
export function ConsentScripts() {
  const { consent } = useConsent();
  const analytics = consent?.analytics === true;
  const marketing = consent?.marketing === true;
  const scripts = useQuery({
    queryKey: consentScriptsQueryKey,
    queryFn: fetchConsentScripts,
    enabled: analytics || marketing,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useConsentedScript('analytics', analytics ? scripts.data?.analytics : null);
  useConsentedScript('marketing', marketing ? scripts.data?.marketing : null);
  return null;
}
