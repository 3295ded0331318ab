/**
 * /open-banking/connections/{id}/link (issue 32): where the bank's consent comes back to. Each
 * bank account with its masked number, type and balance; for each, link it to one of the saver's
 * accounts (the matching one at the same bank suggested), create a new account (its bank, and so
 * its licence and protection, already known), or skip it. Save links them and starts the first sync.
 */
import { ArrowLeft, Landmark, Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Connection, NEW_ACCOUNT_NAME_MAX } from '../../core/open-banking/api-types.ts';
import { formatPence } from '../../core/money/format.ts';
import { hasStatus, refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { type AccountListItem, useAccounts } from '../accounts/api.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { ChoiceCards } from '../ui/choice-cards.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { NeedsBigPig } from '../ui/needs-big-pig.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { useLinkAccounts, useOpenBankingStatus } from './api.ts';
import { accountsAtBank, type Choice, initialChoices, linksOf, newAccountName } from './link-choices.ts';
import { accountTypeWords } from './words.ts';

export const LINK_TEXTS = {
  notFound: 'Connection not found',
  notFoundText: 'This bank connection is not one of yours, or it has been removed.',
  saved: (count: number) =>
    count === 1
      ? 'Your bank account is linked. Its balance and transactions are on their way.'
      : `${count} bank accounts are linked. Their balances and transactions are on their way.`,
  failed: 'Failed to link your accounts',
} as const;

type Kind = Choice['kind'];

function BankAccountChoice({
  connection,
  bankAccount,
  accounts,
  choice,
  onChange,
  error,
}: {
  connection: Connection;
  bankAccount: Connection['accounts'][number];
  accounts: readonly AccountListItem[];
  choice: Choice;
  onChange: (choice: Choice) => void;
  error: string | undefined;
}) {
  const headingId = useId();
  const atBank = accountsAtBank(connection, accounts);
  const others = accounts.filter((a) => !atBank.includes(a));
  const firstSuggestion = atBank[0]?.id ?? accounts[0]?.id ?? '';
  const [lastLink, setLastLink] = useState(choice.kind === 'link' ? choice.accountId : firstSuggestion);
  const [lastName, setLastName] = useState(
    choice.kind === 'create' ? choice.name : newAccountName(connection, bankAccount),
  );
  const choose = (kind: Kind) =>
    onChange(kind === 'link' ? { kind, accountId: lastLink } : kind === 'create' ? { kind, name: lastName } : { kind });
  const option = (a: AccountListItem) => (
    <option key={a.id} value={a.id}>
      {[a.name, a.accountNumber ? `ending ${a.accountNumber.slice(-4)}` : null].filter(Boolean).join(', ')}
    </option>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="grid min-w-0 gap-0.5">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {bankAccount.displayName}
          </h2>
          <p className="text-sm text-muted-foreground">
            {[accountTypeWords(bankAccount.type), bankAccount.accountNumberMasked].filter(Boolean).join(' · ')}
          </p>
        </div>
        <p className="sm:text-right">
          <span className="block text-xs text-muted-foreground">Balance at {connection.bankName}</span>
          <span className="text-xl font-semibold tabular-nums">
            {bankAccount.balancePence === null ? 'Not known yet' : formatPence(bankAccount.balancePence)}
          </span>
        </p>
      </div>
      <ChoiceCards<Kind>
        label={`What to do with ${bankAccount.displayName}`}
        value={choice.kind}
        onChange={choose}
        choices={[
          ...(accounts.length > 0
            ? [
                {
                  value: 'link' as const,
                  label: 'Link to my account',
                  description: 'Keep one of your accounts up to date',
                },
              ]
            : []),
          {
            value: 'create',
            label: 'Create a new account',
            description: `At ${connection.bankName}, protection included`,
          },
          { value: 'skip', label: 'Skip', description: 'Leave this one out' },
        ]}
      />
      {choice.kind === 'link' ? (
        <FormField label="Your SavvyPig account" error={error}>
          <NativeSelect
            value={choice.accountId}
            onChange={(event) => {
              setLastLink(event.target.value);
              onChange({ kind: 'link', accountId: event.target.value });
            }}
          >
            {atBank.length > 0 ? <optgroup label={`At ${connection.bankName}`}>{atBank.map(option)}</optgroup> : null}
            {others.length > 0 ? (
              <optgroup label={atBank.length > 0 ? 'Your other accounts' : 'Your accounts'}>
                {others.map(option)}
              </optgroup>
            ) : null}
          </NativeSelect>
        </FormField>
      ) : null}
      {choice.kind === 'create' ? (
        <FormField
          label="Name of the new account"
          error={error}
          hint={`Added at ${connection.bankName}, so its protection is counted at once.`}
        >
          <Input
            value={choice.name}
            maxLength={NEW_ACCOUNT_NAME_MAX}
            onChange={(event) => {
              setLastName(event.target.value);
              onChange({ kind: 'create', name: event.target.value });
            }}
          />
        </FormField>
      ) : null}
    </section>
  );
}

function LinkForm({ connection, accounts }: { connection: Connection; accounts: readonly AccountListItem[] }) {
  const navigate = useNavigate();
  const link = useLinkAccounts(connection.id);
  const [choices, setChoices] = useState(() => initialChoices(connection, accounts));
  const [problem, setProblem] = useState<{ providerAccountId?: string; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = linksOf(connection, choices);
    if (!result.ok) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    link.mutate(
      { links: result.links },
      {
        onSuccess: ({ connection: saved }) => {
          notify.success(LINK_TEXTS.saved(result.links.length));
          const linked = saved.accounts.filter((a) =>
            result.links.some((l) => l.providerAccountId === a.providerAccountId),
          );
          // One account: its page, where the balance arrives; more: the connection's page.
          const only = linked.length === 1 ? linked[0]!.linkedAccountId : null;
          void navigate(only ? paths.account(only) : paths.openBanking());
        },
        onError: (error) => setProblem({ message: refusalReason(error) ?? LINK_TEXTS.failed }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      {connection.accounts.map((bankAccount) => (
        <BankAccountChoice
          key={bankAccount.providerAccountId}
          connection={connection}
          bankAccount={bankAccount}
          accounts={accounts}
          choice={choices[bankAccount.providerAccountId] ?? { kind: 'skip' }}
          onChange={(choice) => {
            setChoices((current) => ({ ...current, [bankAccount.providerAccountId]: choice }));
            if (problem?.providerAccountId === bankAccount.providerAccountId) setProblem(null);
          }}
          error={problem?.providerAccountId === bankAccount.providerAccountId ? problem.message : undefined}
        />
      ))}
      <FormError message={problem && !problem.providerAccountId ? problem.message : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={link.isPending}>
          <Link2 aria-hidden />
          {link.isPending ? 'Linking...' : 'Save and link'}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.openBanking()}>Not now</Link>
        </Button>
      </div>
    </form>
  );
}

export function LinkPage() {
  const { connectionId = '' } = useParams();
  const status = useOpenBankingStatus();
  const accounts = useAccounts();
  const connection = status.data?.connections.find((c) => c.id === connectionId && c.status !== 'revoked');
  const error = status.error ?? accounts.error;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 md:py-10">
      <div className="grid gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3 justify-self-start">
          <Link to={paths.openBanking()}>
            <ArrowLeft aria-hidden />
            Back to Open Banking
          </Link>
        </Button>
        <h1 className="text-3xl font-bold tracking-tight">
          {connection ? `Link your ${connection.bankName} accounts` : 'Link your bank accounts'}
        </h1>
        <p className="text-muted-foreground">
          {connection
            ? `${connection.bankName} shared ${connection.accounts.length === 1 ? 'this account' : `these ${connection.accounts.length} accounts`}. Choose which SavvyPig account each one keeps up to date.`
            : 'Choose which SavvyPig account each bank account keeps up to date.'}
        </p>
      </div>
      {status.isPending || accounts.isPending ? (
        <SectionSkeleton rows={5} label="Loading your bank accounts" />
      ) : error ? (
        hasStatus(error, 403) ? (
          <NeedsBigPig message={error.message} />
        ) : (
          <SectionLoadError
            message="Failed to load your bank accounts"
            onRetry={() => {
              void status.refetch();
              void accounts.refetch();
            }}
            retrying={status.isFetching || accounts.isFetching}
          />
        )
      ) : !connection ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Landmark className="size-5 text-muted-foreground" aria-hidden />
              {LINK_TEXTS.notFound}
            </CardTitle>
            <CardDescription>{LINK_TEXTS.notFoundText}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to={paths.openBanking()}>Go to Open Banking</Link>
            </Button>
          </CardContent>
        </Card>
      ) : connection.accounts.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{connection.bankName} shared no accounts</CardTitle>
            <CardDescription>
              Your bank did not share any account with us. Connect again and choose the accounts at your bank.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <LinkForm connection={connection} accounts={accounts.data?.accounts ?? []} />
      )}
    </div>
  );
}
