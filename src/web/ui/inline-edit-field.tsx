import { Check, Pencil, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { Input, Textarea } from './input.tsx';

export type InlineEditState = 'viewing' | 'editing' | 'saving';

export interface InlineEditFieldProps {
  /** The field's name, shown above it and in its buttons' names ("Edit Copyright text"). */
  label: string;
  value: string;
  /** Saves the new value; throws to stay editing (the caller says why, in a toast). */
  onSave: (value: string) => Promise<void>;
  /** text (Enter saves), textarea (Enter is a new line; Ctrl+Enter saves), colour (#RRGGBB and a picker). */
  type?: 'text' | 'textarea' | 'colour';
  /** Shown while viewing when the value is empty (000 §5: '-'). */
  emptyText?: string;
  /** Checks the draft before saving: a message keeps the field editing and shows it. */
  validate?: (value: string) => string | null;
  /** The draft while editing (null when not), for a live preview. */
  onDraftChange?: (draft: string | null) => void;
  /** How the value reads while viewing (default: the text). */
  renderValue?: (value: string) => ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/**
 * The spec's inline editor (000 §4, §5): viewing → editing → saving → viewing on success; Enter
 * saves (not in a textarea), Escape or Cancel reverts to the saved value. A failed save stays
 * editing with the draft kept, so nothing typed is lost.
 */
export function InlineEditField({
  label,
  value,
  onSave,
  type = 'text',
  emptyText = '-',
  validate,
  onDraftChange,
  renderValue,
  hint,
  disabled = false,
  className,
}: InlineEditFieldProps) {
  const [state, setState] = useState<InlineEditState>('viewing');
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const id = useId();
  const controlId = `${id}-control`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (state === 'viewing' && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [state]);

  const change = (next: string) => {
    setDraft(next);
    setError(null);
    onDraftChange?.(next);
  };
  const start = () => {
    setDraft(value);
    setError(null);
    setState('editing');
    onDraftChange?.(value);
  };
  const finish = () => {
    returnFocus.current = true;
    setState('viewing');
    setError(null);
    onDraftChange?.(null);
  };
  const cancel = () => {
    setDraft(value);
    finish();
  };
  const save = async () => {
    const next = type === 'textarea' ? draft : draft.trim();
    if (next === value) return finish();
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    setState('saving');
    try {
      await onSave(next);
      finish();
    } catch {
      setState('editing');
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter' && (type !== 'textarea' || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  if (state === 'viewing') {
    return (
      <div className={cn('grid gap-1', className)} data-state="viewing">
        <span className="text-sm font-medium">{label}</span>
        <div className="flex min-h-9 items-center justify-between gap-2 rounded-md border border-transparent">
          <span className={cn('min-w-0 break-words text-sm', !value && 'text-muted-foreground')}>
            {value ? (renderValue ? renderValue(value) : value) : emptyText}
          </span>
          <Button
            ref={editButton}
            type="button"
            variant="ghost"
            size="sm"
            onClick={start}
            disabled={disabled}
            aria-label={`Edit ${label}`}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
        </div>
      </div>
    );
  }

  const saving = state === 'saving';
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const controlProps = {
    id: controlId,
    value: draft,
    disabled: saving,
    autoFocus: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onKeyDown,
  } as const;
  return (
    <div className={cn('grid gap-2', className)} data-state={state}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        {type === 'textarea' ? (
          <Textarea
            {...controlProps}
            rows={8}
            // A whole line: Save and Cancel go under it rather than squeezing it on a phone.
            className="min-w-0 basis-full font-mono text-xs"
            onChange={(e) => change(e.target.value)}
          />
        ) : (
          <Input
            {...controlProps}
            // At least 12rem before the buttons wrap under it: never squeezed to a sliver on a phone.
            className={cn('min-w-0 flex-[1_1_12rem]', type === 'colour' && 'max-w-40 font-mono uppercase')}
            spellCheck={type === 'colour' ? false : undefined}
            onChange={(e) => change(e.target.value)}
          />
        )}
        {type === 'colour' ? (
          <input
            type="color"
            aria-label={`${label} picker`}
            value={/^#[0-9a-f]{6}$/i.test(draft) ? draft.toLowerCase() : '#000000'}
            disabled={saving}
            onKeyDown={onKeyDown}
            onChange={(e) => change(e.target.value.toUpperCase())}
            className="h-9 w-12 cursor-pointer rounded-md border bg-background p-1"
          />
        ) : null}
        <div className="flex gap-2">
          <Button type="button" size="sm" onClick={() => void save()} disabled={saving} aria-label={`Save ${label}`}>
            <Check aria-hidden />
            {saving ? 'Saving...' : 'Save'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={cancel}
            disabled={saving}
            aria-label={`Cancel editing ${label}`}
          >
            <X aria-hidden />
            Cancel
          </Button>
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
