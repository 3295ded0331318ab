import { useEffect } from 'react';
import { useParams } from 'react-router';
import { hasStatus } from '../app/api.ts';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { ContentBody } from './content-body.tsx';
import { type PublicContentPage, useContentPage, useContentPreview } from './api.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { proseDate } from '../ui/date-format.ts';

/** The page's own title in the tab (the server wrote it into the HTML for sharing already). */
function usePageTitle(title: string | undefined, preview: boolean) {
  useEffect(() => {
    if (title) document.title = `${preview ? 'Preview: ' : ''}${title} · SavvyPig`;
  }, [title, preview]);
}

export function ContentArticle({ page }: { page: PublicContentPage }) {
  return (
    // min-w-0 here and on the body: a wide table scrolls inside itself rather than widening the page.
    <article className="grid min-w-0 gap-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        <p className="text-sm text-muted-foreground">
          Updated {proseDate(calendarDateInLondon(new Date(page.updatedAt)))}
        </p>
      </header>
      <ContentBody html={page.bodyHtml} />
    </article>
  );
}

const frame = 'mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:px-6 md:py-14';

/** /{slug}: a published content page (002 §2); the 404 page for an unknown or unpublished slug. */
export function ContentPage() {
  const { slug = '' } = useParams();
  const page = useContentPage(slug);
  usePageTitle(page.data?.title, false);
  if (page.isError && hasStatus(page.error, 404)) return <NotFoundPage />;
  return (
    <div className={frame}>
      {page.isPending ? (
        <SectionSkeleton rows={6} label="Loading the page" />
      ) : page.isError || !page.data ? (
        <SectionLoadError
          message={`Failed to load the page: ${page.error instanceof Error ? page.error.message : 'no answer'}`}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      ) : (
        <ContentArticle page={page.data} />
      )}
    </div>
  );
}

/** /preview/{slug}: any page, draft or published, for admins, clearly marked as a preview. */
export function PreviewPage() {
  const { slug = '' } = useParams();
  const page = useContentPreview(slug);
  usePageTitle(page.data?.title, true);
  if (page.isError && hasStatus(page.error, 404)) return <NotFoundPage />;
  const refused = page.isError && (hasStatus(page.error, 401) || hasStatus(page.error, 403));
  return (
    <div className={frame}>
      <output
        className="flex flex-wrap items-center gap-2 rounded-xl border-2 border-dashed border-brand bg-brand-soft px-4 py-3 text-sm font-medium text-brand-soft-foreground"
        aria-live="polite"
      >
        <span className="rounded-md bg-primary px-2 py-0.5 text-xs font-bold tracking-wide text-primary-foreground uppercase">
          Preview
        </span>
        {page.data
          ? page.data.status === 'draft'
            ? 'This draft is not published: only admins can see it.'
            : 'This page is published: visitors see it at its address.'
          : 'Only admins can preview pages.'}
      </output>
      {page.isPending ? (
        <SectionSkeleton rows={6} label="Loading the preview" />
      ) : refused ? (
        <p className="text-muted-foreground">
          Sign in as an admin (with two-factor authentication on) to preview pages.
        </p>
      ) : page.isError || !page.data ? (
        <SectionLoadError
          message={`Failed to load the preview: ${page.error instanceof Error ? page.error.message : 'no answer'}`}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      ) : (
        <ContentArticle page={page.data} />
      )}
    </div>
  );
}
