import { ArrowRight, Check, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { featureNavItems } from '../app/shell/navigation.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Screenshot } from './screenshot.tsx';
import type { ScreenshotName } from './screenshots.ts';

export interface FeatureSection {
  title: string;
  /** What the product does, one fact a line. */
  points: readonly ReactNode[];
  screenshot?: ScreenshotName;
}

export interface FeaturePageContent {
  /** The route of the page itself (left out of "More features"). */
  href: string;
  badge: string;
  title: string;
  lead: ReactNode;
  hero: ScreenshotName;
  sections: readonly FeatureSection[];
  /** What it does not do, said plainly so nobody signs up for something that is not there. */
  notDone: ReactNode;
  /** Which plans include what. */
  plans: ReactNode;
}

/** Sign up (or the dashboard for someone signed in) and the plans. */
export function FeatureCallsToAction({ centred = false }: { centred?: boolean }) {
  const { data: me } = useMe();
  const start = me
    ? { href: paths.dashboard(), text: 'Go to your dashboard' }
    : { href: paths.signup(), text: 'Start your 7-day free trial' };
  return (
    <div className={`flex flex-wrap gap-3 ${centred ? 'justify-center' : ''}`}>
      <Button asChild size="lg">
        <Link to={start.href}>
          {start.text}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={paths.plans()}>See plans and prices</Link>
      </Button>
    </div>
  );
}

function Section({ section, index }: { section: FeatureSection; index: number }) {
  const id = `feature-section-${index}`;
  return (
    <section
      aria-labelledby={id}
      className="grid items-center gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12"
    >
      <div className={index % 2 === 1 ? 'lg:order-2' : undefined}>
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {section.title}
        </h2>
        <ul className="mt-4 grid gap-3">
          {section.points.map((point, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of facts.
            <li key={i} className="flex gap-3 leading-relaxed text-muted-foreground">
              <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </div>
      {section.screenshot ? <Screenshot name={section.screenshot} /> : null}
    </section>
  );
}

/** The other feature pages that exist. */
function MoreFeatures({ current }: { current: string }) {
  const links = featureNavItems().filter((link) => link.href !== current);
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="more-features-heading" className="mt-16">
      <h2 id="more-features-heading" className="text-lg font-semibold">
        More of what SavvyPig does
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="inline-flex min-h-6 items-center gap-1 rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {link.label}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A public page about one part of the product, with real screenshots of it (issue 29). */
export function FeaturePage({ content }: { content: FeaturePageContent }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div>
          <Badge variant="brand">{content.badge}</Badge>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{content.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{content.lead}</p>
          <div className="mt-6">
            <FeatureCallsToAction />
          </div>
        </div>
        <Screenshot name={content.hero} priority />
      </div>

      <div className="mt-16 grid gap-16">
        {content.sections.map((section, index) => (
          <Section key={section.title} section={section} index={index} />
        ))}
      </div>

      <div className="mt-16 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="not-done-heading" className="rounded-xl border bg-card p-6">
          <h2 id="not-done-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Info className="size-5 text-info" aria-hidden />
            What it does not do
          </h2>
          <div className="mt-3 grid gap-2 text-sm leading-relaxed text-muted-foreground">{content.notDone}</div>
        </section>
        <section aria-labelledby="plans-heading" className="rounded-xl border bg-card p-6">
          <h2 id="plans-heading" className="text-lg font-semibold">
            Which plans include it
          </h2>
          <div className="mt-3 grid gap-2 text-sm leading-relaxed text-muted-foreground">{content.plans}</div>
          <Link
            to={paths.plans()}
            className="mt-3 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Compare the plans
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </section>
      </div>

      <section
        aria-labelledby="feature-cta-heading"
        className="mt-16 flex flex-col items-center gap-4 rounded-2xl bg-brand-soft px-6 py-10 text-center"
      >
        <h2 id="feature-cta-heading" className="max-w-2xl text-2xl font-bold tracking-tight text-balance">
          Try every feature free for 7 days
        </h2>
        <p className="max-w-xl text-foreground/80">
          A new account starts on a 7-day Big Pig trial. You type in your accounts yourself: SavvyPig never asks for
          your online banking login and cannot move your money.
        </p>
        <FeatureCallsToAction centred />
      </section>

      <MoreFeatures current={content.href} />
    </div>
  );
}
