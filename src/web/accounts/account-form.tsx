import { Building2, ChevronDown, Save, TriangleAlert } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { canCountStartingBalanceAsPaidIn, STARTING_BALANCE_PAID_IN_LABEL } from '../../core/isa/starting-balance.ts';
import { Controller, type FieldErrors, type FieldPath, type FieldPathByValue, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PENALTY_TYPES, TERM_LENGTH_UNITS } from '../../core/accounts/account-schema.ts';
import {
  accountTypeCategory,
  isIsaOrPension,
  TYPE_RESTRICTION_NOTE,
} from '../../core/accounts/account-type-category.ts';
import { TYPE_FIELD_GROUPS, type TypeFieldGroup, typeFieldGroups } from '../../core/accounts/account-type-fields.ts';
import { frequencyOptions } from '../../core/accounts/interest-settings.ts';
import { LIFE_EVENT_LABELS } from '../../core/checker/text.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { LIFE_EVENTS } from '../../core/protection/types.ts';
import { DraftNotice } from '../drafts/draft-notice.tsx';
import { useFormDraft } from '../drafts/use-form-draft.ts';
import { BankPicker } from '../reference/bank-picker.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Switch } from '../ui/switch.tsx';
import { UnitInput } from '../ui/unit-input.tsx';
import {
  accountFormResolver,
  type AccountFormOutput,
  type AccountFormValues,
  formPathOf,
} from './account-form-values.ts';
import { accountTypesLoadFailed } from './api.ts';
import { InterestScheduleEditor } from './interest-schedule-editor.tsx';
import { InterestSettingsFields, type InterestSettingsWording } from './interest-settings-fields.tsx';

export const PLATFORM_TOGGLE_LABEL = 'Account is managed on a platform';

/** The amber alert for a platform account with no bank holding its deposits (001 §2). */
export const PLATFORM_BANK_ALERT = {
  title: 'Select the bank that holds your deposits',
  text: 'This account is managed on a platform. Choose the actual bank that holds the deposits, so we can tell you how your money is protected.',
} as const;

const PENALTY_LABELS: Readonly<Record<(typeof PENALTY_TYPES)[number], string>> = {
  percentage: 'Percentage of the amount',
  fixed_fee: 'Fixed fee',
  days_interest: 'Days of interest',
};

const HOLDER_LABELS = Array.from({ length: 10 }, (_, i) =>
  i === 0 ? 'Just me (sole)' : `Me and ${i} other${i === 1 ? '' : 's'} (joint)`,
);

/** The form marks what may be left blank, and shows the rate's % sign in its box. */
const INTEREST_WORDING: InterestSettingsWording = {
  rateLabel: 'Interest rate',
  ratePercentSign: true,
  ratePlaceholder: '0.00',
  nextRateChangeLabel: 'Next rate change',
  noMonth: 'Choose a month',
  noDay: 'Choose a day',
  paymentDateOptional: true,
  quarterlyNote: (months, monthChosen) =>
    monthChosen ? undefined : `Without a month, quarterly interest is paid in ${months}.`,
};

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold leading-tight">
        {title}
      </h2>
      {description ? <div className="mt-1.5 text-sm text-muted-foreground">{description}</div> : null}
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  );
}

export const MORE_DETAILS = 'More details';

/** The account number's hint: nobody needs to type a whole account number into a tracker. */
export const ACCOUNT_NUMBER_HINT = 'The last 4 digits are enough to tell your accounts apart.';

/** What each type-specific group is called, in a section title or the More details summary. */
const GROUP_TITLES: Readonly<Record<Exclude<TypeFieldGroup, 'interimSchedule'>, string>> = {
  overdraft: 'Overdraft',
  term: 'Term',
  penalty: 'Early withdrawal',
  maturity: 'Maturity',
};
const GROUP_SUMMARY: Readonly<Record<TypeFieldGroup, string>> = {
  overdraft: 'overdraft',
  term: 'term',
  penalty: 'early withdrawal penalty',
  maturity: 'renewal',
  interimSchedule: 'interim interest',
};

const SCHEDULE_TITLE = 'Interim interest schedule';
const SCHEDULE_DESCRIPTION =
  'Interest paid besides the usual payments, such as a bond’s yearly interest. New accounts start with one payment 12 months after opening, on the payment day.';

/** The folded fields that hold something the user entered, by label (penalty type and the schedule have defaults). */
function filledFields(values: AccountFormValues, folded: readonly TypeFieldGroup[]): string[] {
  const filled = (text: string) => text.trim() !== '';
  const candidates: [TypeFieldGroup | null, string, boolean][] = [
    ['overdraft', 'Overdraft limit', filled(values.overdraftLimit)],
    ['overdraft', 'Overdraft interest rate', filled(values.overdraftInterestRate)],
    ['term', 'Date opened', filled(values.dateOpened)],
    ['term', 'Term length', filled(values.termLengthValue) || filled(values.termLengthUnit)],
    ['penalty', 'Early withdrawal penalty', filled(values.earlyWithdrawalPenalty)],
    ['maturity', 'Renewal', values.hasRenewalOption],
    [null, 'Interest paid once a year', values.annualInterestPayment],
    [null, 'Terms and conditions notes', filled(values.termsNotes)],
  ];
  return candidates
    .filter(([group, , isFilled]) => isFilled && (group === null || folded.includes(group)))
    .map(([, label]) => label);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "A", "A and B", "A, B and C". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * "More details": a section whose heading is a button that shows or hides its fields. Hidden
 * fields stay in the form (what was typed is kept), and the summary names any that hold a value.
 */
function Disclosure({
  open,
  onToggle,
  summary,
  filled,
  regionRef,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  summary: string;
  filled: readonly string[];
  regionRef: React.Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  const regionId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <h2 className="text-lg font-semibold leading-tight">
        <button
          type="button"
          id={headingId}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 rounded-xl p-5 text-left hover:bg-accent/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:p-6"
        >
          {MORE_DETAILS}
          <ChevronDown
            aria-hidden
            className={`size-5 shrink-0 text-muted-foreground transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div className="-mt-3 px-5 pb-5 text-sm text-muted-foreground sm:-mt-4 sm:px-6 sm:pb-6">
        <p>{summary}</p>
        {!open && filled.length > 0 ? (
          <p className="mt-1 font-medium text-foreground">Filled in: {listOf(filled)}.</p>
        ) : null}
      </div>
      <div id={regionId} ref={regionRef} hidden={!open} className="grid gap-5 border-t px-5 pt-5 pb-5 sm:px-6 sm:pb-6">
        {children}
      </div>
    </section>
  );
}

/** A switch with its label beside it, and help text read out with it. */
function SwitchField({
  id,
  label,
  help,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        {help ? (
          <p id={`${id}-help`} className="text-sm text-muted-foreground">
            {help}
          </p>
        ) : null}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={help ? `${id}-help` : undefined} />
    </div>
  );
}

export interface AccountFormProps {
  mode: 'new' | 'edit';
  /** Draft key: one per form (new, or the account edited). */
  formId: string;
  initialValues: AccountFormValues;
  /** The account types offered, in sort order (already limited to the permitted ones on edit). */
  typeNames: string[];
  /** Some types are left out: the spec's note is shown. */
  typesRestricted: boolean;
  /** Why the type list is missing, when it could not be loaded. */
  typesError?: string | null;
  today: CalendarDate;
  submitLabel: string;
  cancelHref: string;
  /** Saves; a refusal comes back as a message for the whole form, or for the field it names (an API field). */
  onSubmit: (output: AccountFormOutput) => Promise<SaveProblem | null>;
}

export type SaveProblem = { message: string; field?: string };

/** The full account form (001 §3): basics, interest, holders and protection, more details, the interest schedule. */
export function AccountForm({
  mode,
  formId,
  initialValues,
  typeNames,
  typesRestricted,
  typesError,
  today,
  submitLabel,
  cancelHref,
  onSubmit,
}: AccountFormProps) {
  const resolver = useMemo(() => accountFormResolver({ today, isNew: mode === 'new' }), [today, mode]);
  const form = useForm<AccountFormValues, unknown, AccountFormOutput>({
    resolver,
    defaultValues: initialValues,
    shouldFocusError: false,
  });
  const draft = useFormDraft({ formId, form });
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const category = accountTypeCategory(values.accountType);
  const typeGroups = typeFieldGroups(values.accountType);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreRegion = useRef<HTMLDivElement>(null);
  const thisYear = Number(today.slice(0, 4));
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  const errorOf = (name: FieldPath<AccountFormValues>): string | undefined => {
    const error = name
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
    return (error as { message?: string } | undefined)?.message;
  };

  /**
   * Asks for the first problem to be focused once the errors are drawn (an effect after the render
   * that draws them, however long that render takes): More details opens first when a problem is
   * folded inside it (so every problem can be seen), then the first control marked invalid gets
   * the focus (pickers are buttons, so by attribute).
   */
  const [focusRequested, setFocusRequested] = useState(false);
  const focusFirstInvalid = () => setFocusRequested(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `errors` changing means the problems were just drawn: look again
  useEffect(() => {
    if (!focusRequested) return;
    const invalid = Array.from(formElement?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []);
    // Not drawn yet: the effect runs again with the render that draws them.
    if (invalid.length === 0) return;
    if (!moreOpen && invalid.some((control) => moreRegion.current?.contains(control))) {
      setMoreOpen(true); // the effect runs again once the fields show
      return;
    }
    invalid[0]!.focus();
    setFocusRequested(false);
  }, [focusRequested, errors, moreOpen, formElement]);

  const submit = form.handleSubmit(
    async (output) => {
      setFormError(null);
      const problem = await onSubmit(output);
      if (problem === null) {
        draft.clear();
        return;
      }
      if (problem.field) {
        form.setError(formPathOf(problem.field) as FieldPath<AccountFormValues>, {
          type: 'server',
          message: problem.message,
        });
        focusFirstInvalid();
      } else setFormError(problem.message);
    },
    () => focusFirstInvalid(),
  );

  const typeOptions = typeNames.includes(values.accountType) ? typeNames : [values.accountType, ...typeNames];
  const penaltyUnit =
    values.earlyWithdrawalPenaltyType === 'fixed_fee'
      ? '£'
      : values.earlyWithdrawalPenaltyType === 'percentage'
        ? '%'
        : 'days';

  type TextName = FieldPathByValue<AccountFormValues, string>;
  type Choice = string | readonly [value: string, label: string];
  type FieldOptions = { optional?: boolean; description?: ReactNode; hint?: ReactNode; className?: string };

  const field = (name: TextName, label: string, control: ReactElement, options: FieldOptions = {}) => (
    <FormField label={label} id={fieldId(name)} error={errorOf(name)} {...options}>
      {control}
    </FormField>
  );
  const select = (
    name: TextName,
    label: string,
    choices: readonly Choice[],
    options: FieldOptions & { placeholder?: string; onChange?: (value: string) => void } = {},
  ) => {
    const { placeholder, onChange, ...fieldOptions } = options;
    return field(
      name,
      label,
      <NativeSelect
        {...form.register(
          name,
          onChange ? { onChange: (event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.target.value) } : {},
        )}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {choices.map((choice) => {
          const [value, text] = typeof choice === 'string' ? [choice, choice] : choice;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </NativeSelect>,
      fieldOptions,
    );
  };
  const unitInput = (
    name: TextName,
    label: string,
    unit: '£' | '%' | 'days',
    options: FieldOptions & { placeholder?: string } = {},
  ) => {
    const { placeholder, ...fieldOptions } = options;
    return field(
      name,
      label,
      <UnitInput
        unit={unit}
        position={unit === '£' ? 'before' : 'after'}
        placeholder={placeholder}
        className={unit === 'days' ? 'pr-14' : undefined}
        {...form.register(name)}
      />,
      fieldOptions,
    );
  };
  const date = (
    name: TextName,
    label: string,
    range: { fromYear: number; toYear: number; latest?: string },
    optional = true,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <FormField label={label} optional={optional} id={fieldId(name)} error={errorOf(name)}>
          <DatePicker
            label={label.toLowerCase()}
            name={control.name}
            value={control.value}
            onChange={control.onChange}
            onBlur={control.onBlur}
            {...range}
          />
        </FormField>
      )}
    />
  );
  const toggle = (name: FieldPathByValue<AccountFormValues, boolean>, label: string, help?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <SwitchField id={fieldId(name)} label={label} help={help} checked={control.value} onChange={control.onChange} />
      )}
    />
  );
  /** A box with its help under it (the help describes the box). */
  const checkbox = (
    name: 'hasTemporaryHighBalance' | 'startingBalancePaidIn',
    label: string,
    help: string,
    helpId = `${name}-help`,
  ) => (
    <>
      <label className="flex items-start gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-describedby={fieldId(helpId)}
          {...form.register(name)}
        />
        {label}
      </label>
      <p id={fieldId(helpId)} className="-mt-3 pl-7 text-sm text-muted-foreground">
        {help}
      </p>
    </>
  );
  const bankPicker = (name: 'bank' | 'platformBank', label: string, excludePlatforms: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <FormField label={label} id={fieldId(name)} error={errorOf(name)}>
          <BankPicker value={control.value} onChange={control.onChange} excludePlatforms={excludePlatforms} />
        </FormField>
      )}
    />
  );
  const days = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));
  const pastDates = { fromYear: 1950, toYear: thisYear, latest: today };

  // The type-specific fields: shown with the account when its type uses them, else under More details.
  const groupFields: Record<Exclude<TypeFieldGroup, 'interimSchedule'>, ReactNode> = {
    overdraft: (
      <div className="grid items-start gap-5 sm:grid-cols-2">
        {unitInput('overdraftLimit', 'Overdraft limit', '£', { optional: true })}
        {unitInput('overdraftInterestRate', 'Overdraft interest rate', '%', { optional: true })}
      </div>
    ),
    term: (
      <div className="grid items-start gap-5 sm:grid-cols-2">
        {date('dateOpened', 'Date opened', pastDates)}
        <div className="grid grid-cols-2 items-start gap-3">
          {field(
            'termLengthValue',
            'Term length',
            <Input inputMode="numeric" autoComplete="off" {...form.register('termLengthValue')} />,
            { optional: true },
          )}
          {select(
            'termLengthUnit',
            'Term unit',
            TERM_LENGTH_UNITS.map((unit) => [unit, unit[0]!.toUpperCase() + unit.slice(1)] as const),
            { placeholder: 'None' },
          )}
        </div>
      </div>
    ),
    penalty: (
      <div className="grid items-start gap-5 sm:grid-cols-2">
        {unitInput('earlyWithdrawalPenalty', 'Early withdrawal penalty', penaltyUnit, { optional: true })}
        {select(
          'earlyWithdrawalPenaltyType',
          'Penalty type',
          PENALTY_TYPES.map((type) => [type, PENALTY_LABELS[type]] as const),
        )}
      </div>
    ),
    maturity: (
      <div className="grid gap-5">
        {toggle('hasRenewalOption', 'Can be renewed at the end of the term')}
        {values.hasRenewalOption
          ? unitInput('renewalRate', 'Renewal rate', '%', { optional: true, className: 'sm:max-w-xs' })
          : null}
      </div>
    ),
  };
  const scheduleEditor = (
    <Controller
      control={form.control}
      name="interimInterestSchedule"
      render={({ field: control }) => (
        <InterestScheduleEditor
          value={control.value}
          onChange={control.onChange}
          toYear={thisYear + 30}
          errorAt={(index, name) => errorOf(`interimInterestSchedule.${index}.${name}` as FieldPath<AccountFormValues>)}
        />
      )}
    />
  );
  const shownGroups = typeGroups.filter((group) => group !== 'interimSchedule');
  const typeSectionTitle = capitalise(listOf(shownGroups.map((group) => GROUP_TITLES[group].toLowerCase())));
  const foldedGroups = TYPE_FIELD_GROUPS.filter((group) => !typeGroups.includes(group));
  const moreSummary = `${capitalise(
    listOf([
      ...foldedGroups.filter((group) => group !== 'interimSchedule').map((group) => GROUP_SUMMARY[group]),
      'yearly interest',
      'smart alerts',
      'notes',
      ...(foldedGroups.includes('interimSchedule') ? [GROUP_SUMMARY.interimSchedule] : []),
    ]),
  )}: fill in what applies.`;
  const foldedFilled = filledFields(values, foldedGroups);

  return (
    <form
      ref={setFormElement}
      noValidate
      onSubmit={submit}
      className="grid gap-6"
      aria-label={mode === 'new' ? 'New account' : 'Edit account'}
    >
      <div className="empty:hidden">
        <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
        <FormError message={formError} />
      </div>

      <Section title="Account details" description="The account as your bank names it.">
        {field(
          'name',
          'Account name',
          <Input autoComplete="off" placeholder="Easy Access Saver" {...form.register('name')} />,
          { className: 'sm:max-w-md' },
        )}
        <div className="sm:max-w-md">
          {select('accountType', 'Account type', typeOptions, {
            description: typesRestricted
              ? TYPE_RESTRICTION_NOTE
              : typesError
                ? accountTypesLoadFailed(typesError)
                : undefined,
            // A frequency the new type does not offer (a bond's At Maturity) goes back to the default.
            onChange: (type) => {
              if (!frequencyOptions(accountTypeCategory(type)).includes(form.getValues('interestFrequency') as never))
                form.setValue('interestFrequency', 'Monthly');
            },
          })}
        </div>

        {isIsaOrPension(category) ? (
          <p className="text-sm text-muted-foreground">
            ISA and pension accounts record their provider on the{' '}
            {mode === 'edit' ? (
              <Link to={cancelHref} className="font-medium text-foreground underline underline-offset-4">
                account’s own page
              </Link>
            ) : (
              'account’s own page'
            )}
            , so no bank is asked for here.
            {category === 'isa'
              ? ` ${mode === 'new' ? 'Once the ISA is saved, choose' : 'Choose'} its provider in the ISA Details card there.`
              : ` ${mode === 'new' ? 'Once the pension is saved, choose' : 'Choose'} its provider in the Pension Details card there.`}
          </p>
        ) : (
          bankPicker('bank', 'Bank or building society', false)
        )}

        {toggle(
          'isPlatformAccount',
          PLATFORM_TOGGLE_LABEL,
          'Such as Raisin, Flagstone or Hargreaves Lansdown Active Savings, which place your money with partner banks.',
        )}
        {values.isPlatformAccount ? (
          <>
            {bankPicker('platformBank', 'Bank that holds the deposits', true)}
            {values.platformBank === null ? (
              <Alert variant="warning" role="status">
                <Building2 aria-hidden />
                <AlertTitle>{PLATFORM_BANK_ALERT.title}</AlertTitle>
                <AlertDescription>{PLATFORM_BANK_ALERT.text}</AlertDescription>
              </Alert>
            ) : null}
          </>
        ) : null}

        {field(
          'accountNumber',
          'Account number',
          <Input autoComplete="off" spellCheck={false} {...form.register('accountNumber')} />,
          { className: 'sm:max-w-sm', hint: ACCOUNT_NUMBER_HINT },
        )}
      </Section>

      {mode === 'new' ? (
        <Section
          title="Starting balance"
          description="What the account holds today. It becomes the account’s first transaction, so the balance always adds up."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {unitInput('startingBalance', 'Starting balance', '£', { optional: true, placeholder: '0.00' })}
            {date('startingBalanceDate', 'Balance on', pastDates, false)}
          </div>
          {canCountStartingBalanceAsPaidIn(values.accountType)
            ? checkbox(
                'startingBalancePaidIn',
                STARTING_BALANCE_PAID_IN_LABEL,
                'Tick it if you paid this money in since 6 April: it is recorded as a deposit and counts towards your ISA allowance. Leave it for money from before, or moved in from another ISA, which uses none.',
              )
            : null}
        </Section>
      ) : null}

      <Section title="Interest">
        <InterestSettingsFields
          values={values}
          onChange={(name, value) =>
            form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
          }
          category={category}
          thisYear={thisYear}
          wording={INTEREST_WORDING}
          errorOf={errorOf}
          idOf={fieldId}
        />
        {toggle('rateChangeNotifications', 'Rate change notifications', 'Tell me before the rate changes.')}
      </Section>

      {shownGroups.length > 0 ? (
        <Section title={typeSectionTitle}>
          {shownGroups.map((group) => (
            <div key={group}>{groupFields[group]}</div>
          ))}
        </Section>
      ) : null}

      {typeGroups.includes('interimSchedule') ? (
        <Section title={SCHEDULE_TITLE} description={SCHEDULE_DESCRIPTION}>
          {scheduleEditor}
        </Section>
      ) : null}

      <Section
        title="Holders and protection"
        description="Who holds the account, and any temporary high balance: both change how much of it is protected."
      >
        {select(
          'holders',
          'Who holds it?',
          HOLDER_LABELS.map((label, i) => [String(i + 1), label] as const),
          { className: 'sm:max-w-sm' },
        )}
        {checkbox(
          'hasTemporaryHighBalance',
          'It includes a temporary high balance',
          'Money from some life events, such as selling your home or an inheritance, is protected for 6 months from the day it is credited, on top of the usual limit.',
          'thb-help',
        )}
        {values.hasTemporaryHighBalance ? (
          <fieldset className="grid gap-5 rounded-lg border bg-muted/40 p-4">
            <legend className="px-1 text-sm font-semibold">Temporary high balance</legend>
            {select(
              'thbLifeEvent',
              'Life event',
              LIFE_EVENTS.map((event) => [event, LIFE_EVENT_LABELS[event]] as const),
              { placeholder: 'Choose a life event' },
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              {unitInput('thbAmount', 'Amount from the life event', '£')}
              {date('thbCreditedDate', 'Date credited', { fromYear: 2017, toYear: thisYear, latest: today }, false)}
            </div>
          </fieldset>
        ) : null}
      </Section>

      <Disclosure
        open={moreOpen}
        onToggle={() => setMoreOpen((open) => !open)}
        summary={moreSummary}
        filled={foldedFilled}
        regionRef={moreRegion}
      >
        {foldedGroups
          .filter((group) => group !== 'interimSchedule')
          .map((group) => (
            <div key={group}>{groupFields[group]}</div>
          ))}
        {toggle('annualInterestPayment', 'Interest paid once a year')}
        {values.annualInterestPayment
          ? select('annualInterestDay', 'Day of month interest is paid', days(31), {
              optional: true,
              placeholder: 'Choose a day',
              className: 'sm:max-w-xs',
            })
          : null}
        {toggle('enableSmartAlerts', 'Smart alerts', 'Remind me to add the account’s terms and conditions.')}
        {field(
          'termsNotes',
          'Terms and conditions notes',
          <Textarea className="min-h-24" {...form.register('termsNotes')} />,
          { optional: true },
        )}
        {foldedGroups.includes('interimSchedule') ? (
          <div className="grid gap-2 border-t pt-5">
            <h3 className="font-semibold">{SCHEDULE_TITLE}</h3>
            <p className="text-sm text-muted-foreground">{SCHEDULE_DESCRIPTION}</p>
            <div className="mt-3">{scheduleEditor}</div>
          </div>
        ) : null}
      </Disclosure>

      {hasErrors(errors) ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>Check the highlighted fields</AlertTitle>
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <Save aria-hidden />
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}

function hasErrors(errors: FieldErrors<AccountFormValues>): boolean {
  return Object.keys(errors).length > 0;
}
