import { ExternalLink, Megaphone } from 'lucide-react';
import { cn } from '../ui/cn.ts';
import { useSponsored } from './api.ts';

/**
 * The "Sponsored" slot (issue 29): a house campaign an admin manages, for Piglet and Boar only
 * (the plan's adFree feature hides it, and the server sends none). Plain text and one link: no
 * third-party script. Nothing is drawn while it loads, fails, or when no campaign is live.
 */
export function SponsoredSlot({ className }: { className?: string }) {
  const { data: ad } = useSponsored();
  if (!ad) return null;
  return (
    <aside
      aria-label="Sponsored"
      className={cn('grid gap-2 rounded-xl border border-dashed bg-muted/40 p-4 text-sm', className)}
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Megaphone className="size-3.5" aria-hidden />
        Sponsored
      </p>
      <p className="font-semibold break-words">{ad.title}</p>
      <p className="break-words text-muted-foreground">{ad.body}</p>
      <p>
        <a
          href={ad.link}
          rel="noopener noreferrer sponsored"
          target="_blank"
          className="inline-flex items-center gap-1 font-medium text-brand underline-offset-4 hover:underline focus-visible:underline"
        >
          Find out more
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
    </aside>
  );
}
