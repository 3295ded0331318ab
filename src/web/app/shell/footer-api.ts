import { useQuery } from '@tanstack/react-query';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import { DEFAULT_FOOTER, type FooterContent, footerForYear } from '../../../core/footer/footer-content.ts';
import { apiFetch } from '../api.ts';

export const footerQueryKey = ['footer'] as const;

type PublicFooter = { footer: FooterContent; isDefault: boolean };

/** The spec's defaults with this UK year: what the footer shows until the server's answer comes. */
export function defaultFooter(now = new Date()): FooterContent {
  return footerForYear({ kind: 'structured', footer: DEFAULT_FOOTER }, Number(calendarDateInLondon(now).slice(0, 4)));
}

/**
 * The footer every page shows (ADR 0062): the defaults at once, then the active footer when
 * GET /api/footer answers (revalidated by ETag, so usually a 304). A failure keeps the defaults.
 */
export function useFooterContent(): FooterContent {
  const { data } = useQuery({
    queryKey: footerQueryKey,
    queryFn: ({ signal }) => apiFetch<PublicFooter>('/api/footer', { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return data?.footer ?? defaultFooter();
}
