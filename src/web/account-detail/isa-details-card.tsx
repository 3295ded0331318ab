/**
 * The ISA Details card (001 §2, issue 15): the ISA provider picker first; once the ISA record
 * exists, its details (ISA type, funding type, flexible, planned annual contribution and
 * transfer, beneficial owner, NI number present), each saved as it changes with the spec's
 * toasts; the FSCS note for the provider's category beside the account's protection; and the
 * allowance across all the user's ISAs this tax year with its alerts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Info, ShieldQuestion, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  BENEFICIAL_OWNER_NAMES,
  BENEFICIAL_OWNERS,
  FUNDING_TYPE_NAMES,
  FUNDING_TYPES,
  type IsaDetailsPatch,
  ISA_MESSAGES,
} from '../../core/isa/isa-record.ts';
import { ISA_TYPE_NAMES, ISA_TYPES } from '../../core/isa/isa-types.ts';
import { parseAmountText, penceToAmountText } from '../../core/transactions/amount-text.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { ProtectionBadge } from '../accounts/protection-badge.tsx';
import { IsaProviderPicker, isaProviderLegalEntity } from '../reference/isa-provider-picker.tsx';
import type { IsaFscsCategory, IsaProviderOption } from '../reference/types.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Switch } from '../ui/switch.tsx';
import { UnitInput } from '../ui/unit-input.tsx';
import { type Account, errorMessage } from './api.ts';
import { DetailCard } from './detail-card.tsx';
import { IsaAllowancePanel } from './isa-allowance-panel.tsx';
import { IsaDatesFields, useSavedOnLeaveOrEnter } from './isa-dates-fields.tsx';
import { chooseIsaProvider, type IsaView, patchIsaDetails, useIsaRecord } from './isa-api.ts';

export const ISA_CARD_TEXT = {
  title: 'ISA Details',
  description: 'Your ISA’s provider and plan. Each change is saved as you make it.',
  provider: 'ISA provider',
  chooseFirst: 'Choose the ISA’s provider: its details, and how your money here is protected, follow from it.',
  loadFailed: (message: string) => `Failed to load ISA details: ${message}`,
} as const;

/** The provider as a picker option (enough for the picker's button). */
function providerOption(provider: NonNullable<IsaView['provider']>): IsaProviderOption {
  return {
    ...provider,
    fscsCategory: provider.fscsCategory as IsaFscsCategory,
    userMessage: provider.userMessage ?? '',
  };
}

/** The FSCS note for the provider's category (001 §9), beside the account's protection. */
function ProtectionNote({ view, account }: { view: IsaView; account: Account }) {
  const provider = view.provider;
  const risky = provider?.fscsCategory === 'ifisa_platform';
  return (
    <div className="grid gap-2" data-testid="isa-protection">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm font-medium">Protection</span>
        <ProtectionBadge protection={account.protection} />
      </div>
      <Alert variant={provider ? (risky ? 'warning' : 'info') : 'default'}>
        {provider ? risky ? <TriangleAlert aria-hidden /> : <Info aria-hidden /> : <ShieldQuestion aria-hidden />}
        <AlertTitle>{provider ? 'FSCS protection' : 'Protection unknown'}</AlertTitle>
        <AlertDescription>
          <p>{provider ? provider.fscsNote : ISA_CARD_TEXT.chooseFirst}</p>
          {provider?.bankingGroupFrn && provider.fscsCategory === 'banking_group' ? (
            <p className="text-muted-foreground">
              Licence: {provider.bankingGroupName} · FRN {provider.bankingGroupFrn}
            </p>
          ) : null}
        </AlertDescription>
      </Alert>
    </div>
  );
}

/** A planned amount in pounds, saved when it leaves the field (or Enter). */
function AmountField({
  label,
  pence,
  disabled,
  onSave,
}: {
  label: string;
  pence: number;
  disabled: boolean;
  onSave: (pence: number) => Promise<boolean>;
}) {
  const [text, setText] = useState(() => penceToAmountText(pence));
  const [error, setError] = useState<string | undefined>();
  const [lastSaved, setLastSaved] = useState(pence);
  // Another tab's save shows here unless the field is being typed in.
  if (pence !== lastSaved) {
    setLastSaved(pence);
    setText(penceToAmountText(pence));
  }
  const saveHandlers = useSavedOnLeaveOrEnter(
    pence,
    () => {
      const parsed = parseAmountText(text);
      if (!parsed.ok || parsed.pence < 0) {
        setError(parsed.ok || parsed.reason !== 'too-large' ? ISA_MESSAGES.amount : ISA_MESSAGES.amountTooLarge);
        return undefined;
      }
      setError(undefined);
      // The same amount typed another way: shown the usual way, nothing to save.
      if (parsed.pence === pence) setText(penceToAmountText(pence));
      return parsed.pence;
    },
    async (next) => {
      const saved = await onSave(next);
      if (saved) setText(penceToAmountText(next));
      return saved;
    },
  );
  return (
    <FormField label={label} error={error}>
      <UnitInput
        unit="£"
        position="before"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        {...saveHandlers}
      />
    </FormField>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {hint ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onCheckedChange={onChange}
      />
    </div>
  );
}

/** The record's details, each saved as it changes. */
function IsaFields({ view, accountId }: { view: IsaView; accountId: string }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const isa = view.isa!;
  const save = async (patch: IsaDetailsPatch): Promise<boolean> => {
    setSaving(true);
    try {
      await patchIsaDetails(queryClient, accountId, patch);
    } catch (error) {
      console.warn(ISA_MESSAGES.detailsFailed, error);
      notify.error(ISA_MESSAGES.detailsFailed, { detail: refusalReason(error) });
      return false;
    } finally {
      setSaving(false);
    }
    notify.success(ISA_MESSAGES.detailsUpdated);
    return true;
  };
  const offered = view.provider?.isaTypes ?? [];
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="ISA type">
        <NativeSelect
          value={isa.isaType}
          disabled={saving}
          onChange={(event) => void save({ isaType: event.target.value as IsaDetailsPatch['isaType'] })}
        >
          {ISA_TYPES.map((type) => (
            <option key={type} value={type}>
              {ISA_TYPE_NAMES[type]}
              {offered.length > 0 && !offered.includes(type) ? ' (not offered by this provider)' : ''}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Funding type"
        hint={isa.fundingType === 'new_subscription' ? undefined : 'Money transferred in uses none of your allowance.'}
      >
        <NativeSelect
          value={isa.fundingType}
          disabled={saving}
          onChange={(event) => void save({ fundingType: event.target.value as IsaDetailsPatch['fundingType'] })}
        >
          {FUNDING_TYPES.map((type) => (
            <option key={type} value={type}>
              {FUNDING_TYPE_NAMES[type]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <AmountField
        label="Planned annual contribution"
        pence={isa.plannedAnnualContributionPence}
        disabled={saving}
        onSave={(pence) => save({ plannedAnnualContributionPence: pence })}
      />
      <AmountField
        label="Planned transfer amount"
        pence={isa.plannedTransferAmountPence}
        disabled={saving}
        onSave={(pence) => save({ plannedTransferAmountPence: pence })}
      />
      <FormField label="Beneficial owner">
        <NativeSelect
          value={isa.beneficialOwner}
          disabled={saving}
          onChange={(event) => void save({ beneficialOwner: event.target.value as IsaDetailsPatch['beneficialOwner'] })}
        >
          {BENEFICIAL_OWNERS.map((owner) => (
            <option key={owner} value={owner}>
              {BENEFICIAL_OWNER_NAMES[owner]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid content-start gap-4 sm:col-span-2">
        <SwitchRow
          label="Flexible ISA"
          hint="Money taken out can be put back by 5 April without using allowance."
          checked={isa.isFlexible}
          disabled={saving}
          onChange={(isFlexible) => void save({ isFlexible })}
        />
        <SwitchRow
          label="National Insurance number given to the provider"
          checked={isa.niNumberPresent}
          disabled={saving}
          onChange={(niNumberPresent) => void save({ niNumberPresent })}
        />
      </div>
      <div className="grid gap-3 border-t pt-5 sm:col-span-2">
        <h3 className="text-sm font-semibold">Maturity and transfers</h3>
        <IsaDatesFields isa={isa} saving={saving} save={save} />
      </div>
    </div>
  );
}

function CardSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

export function IsaDetailsCard({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const record = useIsaRecord(account.id);
  const pickerId = useId();
  const [choosing, setChoosing] = useState(false);
  const view = record.data;

  const choose = async (provider: IsaProviderOption | null) => {
    if (!provider || provider.id === view?.provider?.id) return;
    setChoosing(true);
    try {
      await chooseIsaProvider(queryClient, account.id, provider.id);
      notify.success(ISA_MESSAGES.providerUpdated);
    } catch (error) {
      console.warn(ISA_MESSAGES.providerFailed, error);
      notify.error(ISA_MESSAGES.providerFailed, { detail: refusalReason(error) });
    } finally {
      setChoosing(false);
    }
  };

  return (
    <DetailCard title={ISA_CARD_TEXT.title} description={ISA_CARD_TEXT.description} className="lg:row-span-2">
      {view ? (
        <div className="grid gap-6">
          <div className="grid gap-2">
            <Label htmlFor={pickerId}>{ISA_CARD_TEXT.provider}</Label>
            <IsaProviderPicker
              id={pickerId}
              isaType={view.isa?.isaType ?? view.defaultIsaType}
              value={view.provider ? providerOption(view.provider) : null}
              disabled={choosing}
              onChange={(provider) => void choose(provider)}
            />
            {view.provider && isaProviderLegalEntity(providerOption(view.provider)) ? (
              <p className="text-sm text-muted-foreground">{isaProviderLegalEntity(providerOption(view.provider))}</p>
            ) : null}
          </div>
          <ProtectionNote view={view} account={account} />
          {view.isa ? <IsaFields view={view} accountId={account.id} /> : null}
          <IsaAllowancePanel accountId={account.id} />
        </div>
      ) : record.isError ? (
        <SectionLoadError
          message={ISA_CARD_TEXT.loadFailed(errorMessage(record.error))}
          retrying={record.isFetching}
          onRetry={() => void record.refetch()}
        />
      ) : (
        <CardSkeleton />
      )}
    </DetailCard>
  );
}
