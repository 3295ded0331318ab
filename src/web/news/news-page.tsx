import { ExternalLink, Newspaper } from 'lucide-react';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { type NewsItem, useNews } from './api.ts';
import { SponsoredSlot } from './sponsored-slot.tsx';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** '27 Nov 2026, 07:30' in London time. */
export function newsDate(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

function NewsArticle({ item }: { item: NewsItem }) {
  return (
    <li>
      <article className="grid gap-1.5 rounded-xl border bg-card p-4 shadow-sm">
        <h2 className="text-lg font-semibold break-words">
          {item.link ? (
            <a
              href={item.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-baseline gap-1 underline-offset-4 hover:underline focus-visible:underline"
            >
              {item.title}
              <ExternalLink className="size-3.5 shrink-0 self-center" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            item.title
          )}
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{item.source}</span> ·{' '}
          <time dateTime={item.publishedAt}>{newsDate(item.publishedAt)}</time>
        </p>
        {item.summary ? <p className="text-sm break-words">{item.summary}</p> : null}
      </article>
    </li>
  );
}

/** /news (Boar and up): the newest items of the feeds an admin chose, as plain text, newest first. */
export function NewsPage() {
  const news = useNews();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 md:py-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">News</h1>
        <p className="text-muted-foreground">
          Savings news from the sources our team follows. Each story opens on its own site.
        </p>
      </div>
      <SponsoredSlot />
      {news.isPending ? (
        <SectionSkeleton rows={4} label="Loading the news" />
      ) : news.isError ? (
        <SectionLoadError
          message={`Failed to load the news: ${news.error.message}`}
          onRetry={() => void news.refetch()}
          retrying={news.isFetching}
        />
      ) : news.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
          <Newspaper className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">No news yet</h2>
          <p className="max-w-md text-muted-foreground">Stories appear here once our sources publish them.</p>
        </div>
      ) : (
        <ul aria-label="News stories" className="grid gap-3">
          {news.data.map((item) => (
            <NewsArticle key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
