import { useEffect, useId, useState } from 'react';
import { FIXED_MONTHS_RANGE, NOTICE_DAYS_RANGE } from '../../core/smart-pig/constants.ts';
import type { SmartPigPreferences } from '../../core/smart-pig/types.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card.tsx';
import { Slider } from '../ui/slider.tsx';
import { Switch } from '../ui/switch.tsx';
import { useSavePreferences } from './api.ts';

type SwitchKey = 'keepFullFSCSCover' | 'avoidTeaserRates' | 'useISAFirst';

/** The spec's constraints (002 §3), in the saver's words. */
const SWITCHES: ReadonlyArray<{ key: SwitchKey; label: string; hint: string }> = [
  {
    key: 'keepFullFSCSCover',
    label: 'Keep full FSCS cover',
    hint: 'Suggest moving money that is over a banking group’s limit to one with room.',
  },
  {
    key: 'avoidTeaserRates',
    label: 'Avoid teaser rates',
    hint: 'Never suggest an account paying an introductory rate that drops when the offer ends.',
  },
  {
    key: 'useISAFirst',
    label: 'Use ISAs first',
    hint: 'Prefer ISAs while you have ISA allowance left: their interest is tax free.',
  },
];

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

function PreferenceSwitch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function PreferenceSlider({
  label,
  value,
  range,
  words,
  onChange,
  onCommit,
}: {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  words: (n: number) => string;
  onChange: (value: number) => void;
  onCommit: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <span id={id} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-sm tabular-nums" aria-hidden>
          {words(value)}
        </span>
      </div>
      <Slider
        aria-labelledby={id}
        aria-valuetext={words(value)}
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([v]) => onChange(v ?? value)}
        onValueCommit={([v]) => onCommit(v ?? value)}
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{words(range.min)}</span>
        <span>{words(range.max)}</span>
      </div>
    </div>
  );
}

/**
 * The preferences panel: three switches and the two sliders (notice 0–95 days, fixed term 0–60
 * months, step 1; 002 §2), each saved to the server as soon as it changes.
 */
export function PreferencesPanel({ saved }: { saved: SmartPigPreferences }) {
  const [draft, setDraft] = useState(saved);
  const save = useSavePreferences();
  useEffect(() => setDraft(saved), [saved]);

  const commit = (next: SmartPigPreferences) => {
    setDraft(next);
    save.mutate(next, {
      onSuccess: () => notify.success('Preferences saved'),
      onError: (error) => {
        setDraft(saved);
        notify.error(refusalReason(error) ?? 'We could not save your preferences. Please try again.');
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Preferences</h2>
        <CardDescription>
          Smart Pig only suggests moves that fit these. Changes are saved straight away.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {SWITCHES.map((s) => (
          <PreferenceSwitch
            key={s.key}
            label={s.label}
            hint={s.hint}
            checked={draft[s.key]}
            onChange={(checked) => commit({ ...draft, [s.key]: checked })}
          />
        ))}
        <PreferenceSlider
          label="Maximum notice period"
          value={draft.maxNoticeDays}
          range={NOTICE_DAYS_RANGE}
          words={days}
          onChange={(maxNoticeDays) => setDraft({ ...draft, maxNoticeDays })}
          onCommit={(maxNoticeDays) => commit({ ...draft, maxNoticeDays })}
        />
        <PreferenceSlider
          label="Maximum fixed term"
          value={draft.maxFixedMonths}
          range={FIXED_MONTHS_RANGE}
          words={months}
          onChange={(maxFixedMonths) => setDraft({ ...draft, maxFixedMonths })}
          onCommit={(maxFixedMonths) => commit({ ...draft, maxFixedMonths })}
        />
      </CardContent>
    </Card>
  );
}
