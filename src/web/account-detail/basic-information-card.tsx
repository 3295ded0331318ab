import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  canChangeAccountType,
  isIsaOrPension,
  permittedAccountTypes,
  TYPE_RESTRICTION_NOTE,
} from '../../core/accounts/account-type-category.ts';
import { notify } from '../app/notify.ts';
import { BankPicker } from '../reference/bank-picker.tsx';
import type { BankOption } from '../reference/types.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Switch } from '../ui/switch.tsx';
import { accountTypesLoadFailed, useAccountTypes } from '../accounts/api.ts';
import { type Account, errorMessage } from './api.ts';
import { DetailCard } from './detail-card.tsx';
import { InlineTextField } from './inline-text-field.tsx';
import { SAVE_MESSAGES, useAccountSave } from './use-account-save.ts';

export const PLATFORM_LABEL = 'Account is managed on a platform';

/** The account's bank as a picker option (enough to show it on the picker's button). */
function chosenBank(id: string | null, licence: Account['licence'], name: string | null): BankOption | null {
  if (!id) return null;
  return {
    id,
    bankName: licence?.bankName ?? name ?? 'Selected bank',
    legalName: licence?.legalName ?? '',
    frn: licence?.frn ?? null,
    bankingGroupId: '',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
    isAmbiguous: false,
    userMessage: null,
  };
}

function LicenceLine({ licence }: { licence: Account['licence'] }) {
  if (!licence?.legalName) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Licence: {licence.legalName}
      {licence.frn ? ` · FRN ${licence.frn}` : ''}
    </p>
  );
}

/**
 * The account type selector: only the types this account may become (001 §4), with the spec's
 * note when some are held back. A blocked choice is refused here too, logged, with no call.
 */
function AccountTypeField({ account, onSave }: { account: Account; onSave: (type: string) => Promise<boolean> }) {
  const types = useAccountTypes();
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // One cache entry for the types, shared with the account form (it keeps the whole rows).
  const all = (types.data ?? []).map((t) => t.name);
  const permitted = permittedAccountTypes(account.accountType, all);
  // The account's own type is always offered, even one no longer in the admins' list.
  const options = permitted.some((t) => t.toLowerCase() === account.accountType.toLowerCase())
    ? permitted
    : [account.accountType, ...permitted];
  const restricted = all.length > 0 && permitted.length < all.length;

  const change = async (next: string) => {
    const type = next.trim();
    if (type === '') {
      setError('Account type is required');
      return;
    }
    setError(undefined);
    if (type === account.accountType) return;
    if (!canChangeAccountType(account.accountType, type)) {
      console.warn(`Blocked account type change from ${account.accountType} to ${type}`);
      notify.error(SAVE_MESSAGES.accountType.failure);
      return;
    }
    setSaving(true);
    await onSave(type);
    setSaving(false);
  };

  return (
    <FormField
      id={id}
      label="Account type"
      error={error ?? (types.isError ? accountTypesLoadFailed(errorMessage(types.error)) : undefined)}
      description={restricted ? TYPE_RESTRICTION_NOTE : undefined}
    >
      <NativeSelect
        value={account.accountType}
        disabled={saving || types.isPending}
        onChange={(event) => void change(event.target.value)}
      >
        {options.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/**
 * Basic Information (001 §2): name, bank (not for ISAs and pensions, whose cards name their
 * provider), the platform switch with the bank that really holds the money, account number and
 * type, each saved on its own with the spec's toasts.
 */
export function BasicInformationCard({ account }: { account: Account }) {
  const save = useAccountSave(account.id);
  const bankId = useId();
  const platformId = useId();
  const platformBankId = useId();
  const [busy, setBusy] = useState<'bank' | 'platform' | 'platformBank' | null>(null);
  const showsBank = !isIsaOrPension(account.category);
  const needsPlatformBank = account.isPlatformAccount && !account.platformBankReferenceId;

  const run = async (which: 'bank' | 'platform' | 'platformBank', work: () => Promise<boolean>) => {
    setBusy(which);
    await work();
    setBusy(null);
  };

  return (
    <DetailCard title="Basic Information" description="Each change is saved as you make it.">
      <div className="grid gap-5">
        <InlineTextField
          label="Account name"
          value={account.name}
          requiredMessage="Account name is required"
          onSave={(name) => save('name', { name })}
        />

        {showsBank ? (
          <div className="grid gap-2">
            <Label htmlFor={bankId}>Bank</Label>
            <BankPicker
              id={bankId}
              value={chosenBank(account.bankId, account.licence, account.bank)}
              disabled={busy === 'bank'}
              onChange={(bank) => {
                if (bank && bank.id !== account.bankId) void run('bank', () => save('bank', { bankId: bank.id }));
              }}
            />
            <LicenceLine licence={account.licence} />
          </div>
        ) : null}

        <div className="grid gap-3">
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={platformId} className="leading-snug">
              {PLATFORM_LABEL}
            </Label>
            <Switch
              id={platformId}
              checked={account.isPlatformAccount}
              disabled={busy === 'platform'}
              onCheckedChange={(checked) =>
                void run('platform', () => save('platform', { isPlatformAccount: checked }))
              }
            />
          </div>
          {account.isPlatformAccount ? (
            <div className="grid gap-2">
              {needsPlatformBank ? (
                <Alert variant="warning">
                  <TriangleAlert aria-hidden />
                  <AlertTitle>Which bank holds your money?</AlertTitle>
                  <AlertDescription>
                    <p>
                      Platforms place your savings with partner banks. Select the actual bank that holds the deposits,
                      so we can check how your money is protected.
                    </p>
                  </AlertDescription>
                </Alert>
              ) : null}
              <Label htmlFor={platformBankId}>Bank that holds the deposits</Label>
              <BankPicker
                id={platformBankId}
                excludePlatforms
                value={account.platformBank ? chosenBank(account.platformBank.id, account.platformBank, null) : null}
                disabled={busy === 'platformBank'}
                onChange={(bank) => {
                  if (bank && bank.id !== account.platformBankReferenceId) {
                    void run('platformBank', () => save('platformBank', { platformBankReferenceId: bank.id }));
                  }
                }}
              />
              <LicenceLine licence={account.platformBank} />
            </div>
          ) : null}
        </div>

        <InlineTextField
          label="Account number"
          value={account.accountNumber}
          requiredMessage="Account number is required"
          onSave={(accountNumber) => save('accountNumber', { accountNumber })}
        />

        <AccountTypeField account={account} onSave={(accountType) => save('accountType', { accountType })} />
      </div>
    </DetailCard>
  );
}
