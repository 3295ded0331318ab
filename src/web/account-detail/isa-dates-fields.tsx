/**
 * The ISA card's dated facts (issue 15): when a fixed-rate ISA matures, a transfer in and how long
 * the provider said it would take, and whose Junior ISA it is. Each is saved as it changes; the
 * maturity and transfer alerts of the allowance panel follow from them (001 §9).
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { ISA_ALERT_RULES } from '../../core/isa/alerts.ts';
import { type IsaDetailsPatch, ISA_MESSAGES, ISA_TRANSFER_STATUSES } from '../../core/isa/isa-record.ts';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import type { IsaView } from './isa-api.ts';

type IsaRecord = NonNullable<IsaView['isa']>;
type Save = (patch: IsaDetailsPatch) => Promise<boolean>;

export const TRANSFER_STATUS_NAMES: Record<(typeof ISA_TRANSFER_STATUSES)[number], string> = {
  new: 'New',
  in_progress: 'In progress',
  complete: 'Complete',
  overdue: 'Overdue',
};

/**
 * A field's handlers that save it when it is left or Enter is pressed, one save at a time, and
 * never the same value twice: `prepare` checks what was typed and answers the value to save
 * (undefined: nothing to save), `send` saves it. A value equal to `saved` (the stored one) is not
 * sent, nor one already sent until `saved` changes: Enter and then leaving the field, while the
 * save is on its way or before the saved value has come back, sends it once.
 */
export function useSavedOnLeaveOrEnter<T>(
  saved: T,
  prepare: () => T | undefined,
  send: (value: T) => Promise<boolean>,
) {
  const inFlight = useRef(false);
  const sent = useRef<{ value: T } | null>(null);
  const seen = useRef(saved);
  if (!Object.is(seen.current, saved)) {
    seen.current = saved;
    sent.current = null;
  }
  const run = async () => {
    if (inFlight.current) return;
    const value = prepare();
    if (value === undefined || Object.is(value, saved) || (sent.current && Object.is(sent.current.value, value)))
      return;
    inFlight.current = true;
    try {
      sent.current = (await send(value)) ? { value } : null;
    } finally {
      inFlight.current = false;
    }
  };
  return {
    onBlur: () => void run(),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      void run();
    },
  };
}

const STORED_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date saved once it is a whole date, or cleared. */
function DateSetting({
  label,
  hint,
  value,
  disabled,
  onSave,
}: {
  label: string;
  hint?: string;
  value: string | null;
  disabled: boolean;
  onSave: (date: string | null) => Promise<boolean>;
}) {
  const [text, setText] = useState(value ?? '');
  const [lastSaved, setLastSaved] = useState(value);
  const [error, setError] = useState<string | undefined>();
  // What was last sent and not yet echoed back in `value`: Enter and then leaving the field (or a
  // re-render) must not send it twice while the save is in flight.
  const sent = useRef<string | null>(null);
  if (value !== lastSaved) {
    setLastSaved(value);
    setText(value ?? '');
    sent.current = null;
  }
  // The picker hands over a date once it is typed in full (on Enter or leaving the field), or what
  // was typed when that is not a date.
  const change = (next: string) => {
    setText(next);
    const isDate = next === '' || STORED_DATE.test(next);
    setError(isDate ? undefined : ISA_MESSAGES.date);
    if (!isDate || next === (value ?? '') || next === sent.current) return;
    sent.current = next;
    void onSave(next === '' ? null : next).then((saved) => {
      if (!saved) sent.current = null;
    });
  };
  return (
    <FormField label={label} hint={hint} error={error}>
      <DatePicker value={text} label={label.toLowerCase()} disabled={disabled} onChange={change} />
    </FormField>
  );
}

/** A short text or whole number saved when it leaves the field (or Enter), checked first. */
function TextSetting({
  label,
  hint,
  value,
  inputMode,
  disabled,
  check,
  onSave,
}: {
  label: string;
  hint?: string;
  value: string;
  inputMode?: 'numeric';
  disabled: boolean;
  check: (text: string) => string | undefined;
  onSave: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState(value);
  const [lastSaved, setLastSaved] = useState(value);
  const [error, setError] = useState<string | undefined>();
  if (value !== lastSaved) {
    setLastSaved(value);
    setText(value);
  }
  const saveHandlers = useSavedOnLeaveOrEnter(
    value,
    () => {
      const next = text.trim();
      const problem = check(next);
      setError(problem);
      return problem ? undefined : next;
    },
    async (next) => {
      const saved = await onSave(next);
      if (saved) setText(next);
      return saved;
    },
  );
  return (
    <FormField label={label} hint={hint} error={error}>
      <Input
        value={text}
        inputMode={inputMode}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        {...saveHandlers}
      />
    </FormField>
  );
}

const slaDaysOf = (text: string) => (/^\d{1,3}$/.test(text) ? Number(text) : Number.NaN);

export function IsaDatesFields({ isa, saving, save }: { isa: IsaRecord; saving: boolean; save: Save }) {
  const transferring = isa.transferStatus !== null;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {isa.isaType === 'jisa' ? (
        <div className="sm:col-span-2">
          <TextSetting
            label="Child’s name"
            hint="Junior ISAs with the same child’s name share one limit."
            value={isa.jisaChildName ?? ''}
            disabled={saving}
            check={(text) => (text.length > 80 ? ISA_MESSAGES.childName : undefined)}
            onSave={(text) => save({ jisaChildName: text === '' ? null : text })}
          />
        </div>
      ) : null}
      <DateSetting
        label="Maturity date"
        hint="For a fixed-rate ISA: you are told 30 days before it ends."
        value={isa.maturityDate}
        disabled={saving}
        onSave={(maturityDate) => save({ maturityDate })}
      />
      <FormField label="Transfer status">
        <NativeSelect
          value={isa.transferStatus ?? ''}
          disabled={saving}
          onChange={(event) => {
            const status = event.target.value as IsaRecord['transferStatus'] | '';
            // A transfer under way is timed from today unless the saver says otherwise.
            const starting = status === 'new' || status === 'in_progress';
            void save({
              transferStatus: status === '' ? null : status,
              ...(starting && isa.transferStartedOn === null
                ? { transferStartedOn: calendarDateInLondon(new Date()) }
                : {}),
            });
          }}
        >
          <option value="">No transfer</option>
          {ISA_TRANSFER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {TRANSFER_STATUS_NAMES[status]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {transferring ? (
        <>
          <DateSetting
            label="Transfer started"
            value={isa.transferStartedOn}
            disabled={saving}
            onSave={(transferStartedOn) => save({ transferStartedOn })}
          />
          <TextSetting
            label="Expected to take (days)"
            hint={`ISA transfers should take no more than ${ISA_ALERT_RULES.transferDefaultSlaDays} days; leave empty for that.`}
            value={isa.transferExpectedSlaDays === null ? '' : String(isa.transferExpectedSlaDays)}
            inputMode="numeric"
            disabled={saving}
            check={(text) => {
              if (text === '') return undefined;
              const days = slaDaysOf(text);
              return days >= 1 && days <= 365 ? undefined : ISA_MESSAGES.slaDays;
            }}
            onSave={(text) => save({ transferExpectedSlaDays: text === '' ? null : slaDaysOf(text) })}
          />
        </>
      ) : null}
    </div>
  );
}
