import {
  ArrowRight,
  Building2,
  ChevronDown,
  CircleCheck,
  KeyRound,
  Landmark,
  PiggyBank,
  ShieldCheck,
  TriangleAlert,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { formatPence } from '../../core/money/format.ts';
import { DepositLimitOverrideNote, useDepositLimitFacts } from '../protection/deposit-limit.tsx';
import { PigMark } from '../app/shell/logo.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { type FeatureCard, featureLink, shownFeatureCards } from './home-features.ts';

/** Calls to action: sign up when signed out, the dashboard when signed in. */
function PrimaryActions({ align = 'start' }: { align?: 'start' | 'center' }) {
  const { data: me } = useMe();
  return (
    <div className={align === 'center' ? 'flex flex-wrap justify-center gap-3' : 'flex flex-wrap gap-3'}>
      {me ? (
        <Button asChild size="lg">
          <Link to={paths.dashboard()}>
            Go to your dashboard
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <>
          <Button asChild size="lg">
            <Link to={paths.signup()}>
              Start your 7-day free trial
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.featureFscsProtectionChecker()}>Check your protection, no sign-up</Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to={paths.plans()}>See plans and prices</Link>
          </Button>
        </>
      )}
    </div>
  );
}

/** A worked example (clearly labelled) of two brands sharing one banking licence. */
const EXAMPLE_AMOUNTS_PENCE = [80_000_00, 60_000_00];

function SharedLicenceExample() {
  const limit = useDepositLimitFacts();
  const totalPence = EXAMPLE_AMOUNTS_PENCE.reduce((a, b) => a + b, 0);
  const protectedPence = Math.min(totalPence, limit.amountPence);
  return (
    <figure className="relative rounded-2xl border bg-card p-5 shadow-lg sm:p-6" aria-labelledby="example-caption">
      <div className="flex items-center justify-between gap-2">
        <Badge variant="secondary">Worked example</Badge>
        <PigMark className="size-7" />
      </div>
      <figcaption id="example-caption" className="mt-4 text-sm text-muted-foreground">
        Two savings accounts with two brands that share one banking licence:
      </figcaption>
      <ul className="mt-3 grid gap-2">
        {[
          { brand: 'Brand A savings', amount: formatPence(EXAMPLE_AMOUNTS_PENCE[0]!, { wholePounds: true }) },
          { brand: 'Brand B fixed-rate bond', amount: formatPence(EXAMPLE_AMOUNTS_PENCE[1]!, { wholePounds: true }) },
        ].map((row) => (
          <li
            key={row.brand}
            className="flex items-center justify-between gap-3 rounded-lg bg-muted px-3 py-2.5 text-sm"
          >
            <span className="flex items-center gap-2">
              <Building2 className="size-4 text-muted-foreground" aria-hidden />
              {row.brand}
            </span>
            <span className="font-semibold tabular-nums">{row.amount}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-2 border-t pt-4 text-sm">
        <div className="flex justify-between gap-3">
          <span>Total with one banking licence</span>
          <span className="font-semibold tabular-nums">{formatPence(totalPence, { wholePounds: true })}</span>
        </div>
        <div className="flex justify-between gap-3">
          <span className="flex items-center gap-1.5 text-success">
            <CircleCheck className="size-4" aria-hidden />
            Protected
          </span>
          <span className="font-semibold tabular-nums">{formatPence(protectedPence, { wholePounds: true })}</span>
        </div>
        <div className="flex justify-between gap-3">
          <span className="flex items-center gap-1.5 text-destructive">
            <TriangleAlert className="size-4" aria-hidden />
            Not protected
          </span>
          <span className="font-semibold tabular-nums text-destructive">
            {formatPence(totalPence - protectedPence, { wholePounds: true })}
          </span>
        </div>
      </div>
      <div className="mt-4 h-3 overflow-hidden rounded-full bg-destructive/25" aria-hidden>
        <div className="h-full rounded-full bg-success" style={{ width: `${(120 / 140) * 100}%` }} />
      </div>
    </figure>
  );
}

function Feature({ card }: { card: FeatureCard }) {
  const limit = useDepositLimitFacts();
  const { data: me } = useMe();
  const link = featureLink(card, Boolean(me));
  const Icon = card.icon;
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-6">
      <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold">{card.title}</h3>
      <p className="flex-1 text-sm leading-relaxed text-muted-foreground">{card.body(limit)}</p>
      {link ? (
        <Link
          to={link.href}
          className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {link.text}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </div>
  );
}

function FscsAnswer() {
  const limit = useDepositLimitFacts();
  return (
    <>
      <p>
        The Financial Services Compensation Scheme (FSCS) protects money in UK banks, building societies and credit
        unions if the firm fails. For failures on or after {limit.since} it covers up to {limit.amount}
        <DepositLimitOverrideNote /> per person for each authorised bank (each banking licence).
        {limit.previous && ` Before that date the limit was ${limit.previous.amount}.`}
      </p>
      <p>
        Joint accounts count once for each holder, so two people sharing an account are covered for up to{' '}
        {limit.jointCover(2)} between them at one bank.
      </p>
    </>
  );
}

function LicenceAnswer() {
  const limit = useDepositLimitFacts();
  return (
    <p>
      Many banks trade under more than one brand. When brands share one banking licence, the {limit.amount} limit covers
      all your money across those brands together, not each brand separately. For example, Halifax and Bank of Scotland
      are both part of Bank of Scotland plc, so savings with both count towards one limit. SavvyPig shows the licence
      behind each of your accounts and adds up your money for each licence.
    </p>
  );
}

const FAQS: { question: string; answer: ReactNode }[] = [
  {
    question: 'What is FSCS protection?',
    answer: <FscsAnswer />,
  },
  {
    question: 'Why does the banking licence matter?',
    answer: <LicenceAnswer />,
  },
  {
    question: 'Do I need to give you my online banking login?',
    answer: (
      <p>
        No. You type in the details of each account yourself: the bank, the balance, the rate and any dates that matter.
        SavvyPig never asks for your online banking login and cannot move your money.
      </p>
    ),
  },
  {
    question: 'Is SavvyPig a bank, or financial advice?',
    answer: (
      <p>
        Neither. SavvyPig doesn't hold your money and doesn't give financial advice. It organises the information you
        give it so you can make your own decisions. Free, impartial guidance is available from MoneyHelper.
      </p>
    ),
  },
  {
    question: 'How much does it cost?',
    answer: (
      <p>
        Every new account starts with a 7-day free trial of Big Pig, our full plan, and we don't ask for card details to
        start it. When the trial ends you can{' '}
        <Link to={paths.plans()} className="font-medium text-brand underline underline-offset-4">
          choose Piglet, Boar or Big Pig
        </Link>
        . Prices are shown before you pay, and you can cancel at any time.
      </p>
    ),
  },
  {
    question: 'What happens to my data?',
    answer: (
      <p>
        We use it to run SavvyPig for you and we don't sell it. You can ask for a copy of it, or have it deleted, at any
        time. Our{' '}
        <Link to={paths.legal('privacy')} className="font-medium text-brand underline underline-offset-4">
          privacy notice
        </Link>{' '}
        explains the details.
      </p>
    ),
  },
];

export function HomePage() {
  const limit = useDepositLimitFacts();
  return (
    <div className="flex flex-col">
      {/* Hero */}
      <section aria-labelledby="hero-heading" className="border-b bg-gradient-to-b from-brand-soft/60 to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.1fr_1fr] md:py-20">
          <div>
            <Badge variant="brand">For UK savers</Badge>
            <h1 id="hero-heading" className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              Is your money protected?
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
              The FSCS protects up to{' '}
              <strong className="text-foreground">{limit.amount} per person per banking licence</strong>
              <DepositLimitOverrideNote /> (from {limit.since}). But many brands share one banking licence, and brands
              that share a licence share one limit. SavvyPig keeps all your savings in one place and shows you how much
              of your money is covered.
            </p>
            <div className="mt-8">
              <PrimaryActions />
            </div>
            <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
              <li className="flex items-center gap-1.5">
                <KeyRound className="size-4 text-brand" aria-hidden />
                No bank logins
              </li>
              <li className="flex items-center gap-1.5">
                <ShieldCheck className="size-4 text-brand" aria-hidden />
                We never move your money
              </li>
              <li className="flex items-center gap-1.5">
                <CircleCheck className="size-4 text-brand" aria-hidden />
                No card needed for the trial
              </li>
            </ul>
          </div>
          <SharedLicenceExample />
        </div>
      </section>

      {/* How protection works */}
      <section aria-labelledby="protection-heading" className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="protection-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          How deposit protection works
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {[
            {
              icon: Landmark,
              title: `${limit.amount} per banking licence`,
              text: `If a UK bank or building society fails, the FSCS pays back up to ${limit.amount} per person for each authorised firm.${limit.isOverride ? ` This is a limit set by SavvyPig in place of the legal ${limit.lawAmount}.` : ''}${limit.previous ? ` The limit was ${limit.previous.amount} until ${limit.previous.until}.` : ''}`,
            },
            {
              icon: Building2,
              title: 'Brands can share a licence',
              text: `One banking licence can cover several brands. Money held with any of them counts towards the same ${limit.amount}.`,
            },
            {
              icon: Users,
              title: 'Joint accounts count per person',
              text: `Each holder's share of a joint account counts towards their own limit, so a couple can have up to ${limit.jointCover(2)} covered at one bank.`,
            },
          ].map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-muted">
                <Icon className="size-5 text-brand" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features-heading" className="border-y bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            What SavvyPig does for you
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            One calm place for your savings, built around the question that matters most: is my money safe?
          </p>
          <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shownFeatureCards().map((card) => (
              <Feature key={card.title} card={card} />
            ))}
          </div>
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="steps-heading" className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="steps-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Get started in minutes
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {[
            {
              title: 'Create your account',
              text: 'Sign up with your email address. Your 7-day free trial of Big Pig starts when you verify it.',
            },
            {
              title: 'Add your accounts',
              text: 'For each account, choose the bank and enter the balance and interest rate.',
            },
            {
              title: 'See what is protected',
              text: 'SavvyPig adds up your money for each banking licence and shows what is covered and what is not.',
            },
          ].map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                aria-hidden
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      {/* Call to action */}
      <section aria-labelledby="cta-heading" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col items-center gap-5 rounded-2xl bg-brand-soft px-6 py-12 text-center">
          <PiggyBank className="size-10 text-brand" aria-hidden />
          <h2 id="cta-heading" className="max-w-2xl text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            Know where your savings stand, and whether they're covered
          </h2>
          <p className="max-w-xl text-foreground/80">
            Try every feature free for 7 days. No card details needed to start.
          </p>
          <PrimaryActions align="center" />
        </div>
      </section>

      {/* FAQ */}
      <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Questions people ask
        </h2>
        <div className="mt-6 divide-y rounded-xl border">
          {FAQS.map((faq) => (
            <details key={faq.question} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-md py-3 font-medium focus-visible:outline-2 focus-visible:outline-ring">
                {faq.question}
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <div className="grid gap-3 pb-4 text-sm leading-relaxed text-muted-foreground">{faq.answer}</div>
            </details>
          ))}
        </div>
        <p className="mt-6 text-sm text-muted-foreground">
          Something else?{' '}
          <Link to={paths.contact()} className="font-medium text-brand underline underline-offset-4">
            Contact us
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
