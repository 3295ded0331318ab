import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { canAddAccount } from '../../core/accounts/account-cap.ts';
import { isTypeChangeRestricted, permittedAccountTypes } from '../../core/accounts/account-type-category.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { accountTypesInPlan } from '../../core/subscriptions/account-type-feature.ts';
import { refusalReason, useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { isRegistered, paths } from '../app/paths.ts';
import type { BankOption } from '../reference/types.ts';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { AccountForm, type SaveProblem } from './account-form.tsx';
import { type AccountFormOutput, accountToFormValues, emptyAccountForm } from './account-form-values.ts';
import { isNotFound, useAccountDetail } from '../account-detail/api.ts';
import { AccountCapNotice } from './account-cap-notice.tsx';
import { ConnectInstead } from '../open-banking/entry-points.tsx';
import {
  type Account,
  ACCOUNT_LIST_MESSAGES,
  useAccounts,
  useAccountTypes,
  useCreateAccount,
  useSaveAccount,
} from './api.ts';

/**
 * The edit form's save is the spec's "full basics save" (001 §7: name, bank, account number, type,
 * platform and its bank by id), so it uses the basics texts of 001 §8.
 */
export const ACCOUNT_FORM_MESSAGES = {
  added: 'Account added successfully',
  updated: 'Account basics updated successfully',
  addFailed: 'Failed to add account',
  updateFailed: 'Failed to update account basics',
  notFound: 'Account not found',
  notFoundText: "The account you're looking for doesn't exist.",
} as const;

/** Where to go once an account is saved: its own page once that exists, else the list. */
function afterSave(id: string): string {
  return isRegistered('account') ? paths.account(id) : paths.accounts();
}

/** A refused save in words: the server's message for a 4xx it explains, else the spec-style failure. */
function problemOf(error: unknown, fallback: string): SaveProblem {
  return { message: refusalReason(error) ?? fallback };
}

/**
 * Saves, then says so and goes to the saved account. A refusal toasts the fixed failure text and
 * hands the server's reason back to the form, which shows it beside the fields.
 */
function useSaveAndGo() {
  const navigate = useNavigate();
  return async (
    save: () => Promise<{ account: Account }>,
    messages: { success: string; failure: string },
  ): Promise<SaveProblem | null> => {
    try {
      const { account } = await save();
      notify.success(messages.success);
      await navigate(afterSave(account.id));
      return null;
    } catch (error) {
      console.warn(messages.failure, error);
      notify.error(messages.failure);
      return problemOf(error, messages.failure);
    }
  };
}

function FormPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.accounts()}>
          <ArrowLeft aria-hidden />
          Back to Accounts
        </Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" aria-label="Loading the account form" className="grid gap-6">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-56 w-full rounded-xl" />
      ))}
    </div>
  );
}

function typesErrorOf(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error ? error.message : 'Unknown error';
}

/** /account/new: the full form with the spec's defaults and a starting balance. */
export function AccountNewPage() {
  const today = calendarDateInLondon(new Date());
  const types = useAccountTypes();
  const features = useMe().data?.features;
  const names = types.data?.map((t) => t.name) ?? [];
  // Only what the server would accept: ISAs and pensions need the feature (ADR 0045).
  const typesInPlan = features ? accountTypesInPlan(names, features) : names;
  const create = useCreateAccount();
  const saveAndGo = useSaveAndGo();
  // The same cap the server checks on save (the list carries it): at the cap, say so before any
  // typing, so the fields wait for the list (a list that fails to load leaves the check to the save).
  const accounts = useAccounts();
  const list = accounts.data;
  const capReached = list ? !canAddAccount(list.cap.count, list.cap) : false;

  const onSubmit = ({ fields, startingBalancePence, startingBalanceDate, startingBalancePaidIn }: AccountFormOutput) =>
    saveAndGo(
      () =>
        create.mutateAsync({
          ...fields,
          ...(startingBalancePence !== null
            ? { startingBalancePence, startingBalanceDate: startingBalanceDate ?? today }
            : {}),
          ...(startingBalancePaidIn ? { startingBalancePaidIn } : {}),
        }),
      { success: ACCOUNT_FORM_MESSAGES.added, failure: ACCOUNT_FORM_MESSAGES.addFailed },
    );

  return (
    <FormPage
      title="Add an account"
      intro="Add a savings account, current account, bond, ISA or pension to keep track of it."
    >
      {capReached || !list ? null : <ConnectInstead />}
      {capReached && list ? (
        <AccountCapNotice cap={list.cap} />
      ) : types.isPending || accounts.isPending ? (
        <FormSkeleton />
      ) : (
        <AccountForm
          mode="new"
          formId="account-new"
          initialValues={emptyAccountForm(today)}
          typeNames={typesInPlan}
          typesRestricted={false}
          typesError={typesErrorOf(types.error)}
          today={today}
          submitLabel="Add account"
          cancelHref={paths.accounts()}
          onSubmit={onSubmit}
        />
      )}
    </FormPage>
  );
}

/** The picker's value for a bank the account already has (the picker shows its name; the id is what is saved). */
function savedBank(
  id: string | null,
  licence: { bankName: string; legalName: string; frn: string | null } | null,
  bankingGroupId: string | null,
): BankOption | null {
  if (!id || !licence) return null;
  return {
    id,
    bankName: licence.bankName,
    legalName: licence.legalName,
    frn: licence.frn,
    bankingGroupId: bankingGroupId ?? '',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
    isAmbiguous: false,
    userMessage: null,
  };
}

function EditForm({ account }: { account: Account }) {
  const today = calendarDateInLondon(new Date());
  const types = useAccountTypes();
  const save = useSaveAccount();
  const saveAndGo = useSaveAndGo();
  const names = types.data?.map((t) => t.name) ?? [];
  // Only the types this account may become (001 §4); its own type even if an admin has retired it.
  const offered = permittedAccountTypes(
    account.accountType,
    names.some((n) => n.toLowerCase() === account.accountType.toLowerCase()) ? names : [account.accountType, ...names],
  );

  const onSubmit = ({ fields }: AccountFormOutput) =>
    saveAndGo(() => save.mutateAsync({ id: account.id, fields }), {
      success: ACCOUNT_FORM_MESSAGES.updated,
      failure: ACCOUNT_FORM_MESSAGES.updateFailed,
    });

  if (types.isPending) return <FormSkeleton />;
  return (
    <AccountForm
      key={account.id}
      mode="edit"
      formId={`account-edit:${account.id}`}
      initialValues={accountToFormValues(account, {
        bank: savedBank(account.bankId, account.licence, account.bankingGroupId),
        platformBank: account.platformBank ? savedBank(account.platformBank.id, account.platformBank, null) : null,
      })}
      typeNames={offered}
      typesRestricted={names.length > 0 && isTypeChangeRestricted(account.accountType, names)}
      typesError={typesErrorOf(types.error)}
      today={today}
      submitLabel="Save changes"
      cancelHref={afterSave(account.id)}
      onSubmit={onSubmit}
    />
  );
}

/** /account/{id}/edit: the same form, filled in from the saved account (GET /api/accounts/{id}, shared with its page). */
export function AccountEditPage() {
  const { id = '' } = useParams();
  const detail = useAccountDetail(id, id !== '');
  const account = detail.data?.account;

  if (id === '' || (!account && isNotFound(detail.error))) {
    return (
      <FormPage title={ACCOUNT_FORM_MESSAGES.notFound}>
        <div className="flex flex-col items-start gap-4" role="alert">
          <SearchX className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{ACCOUNT_FORM_MESSAGES.notFoundText}</p>
          <Button asChild>
            <Link to={paths.accounts()}>Back to Accounts</Link>
          </Button>
        </div>
      </FormPage>
    );
  }
  return (
    <FormPage title={account ? `Edit ${account.name}` : 'Edit account'}>
      {account ? (
        <EditForm account={account} />
      ) : detail.isError ? (
        <p role="alert" className="text-destructive">
          {ACCOUNT_LIST_MESSAGES.failed}
        </p>
      ) : (
        <FormSkeleton />
      )}
    </FormPage>
  );
}
