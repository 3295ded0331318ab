import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

export interface InlineTextFieldProps {
  label: string;
  value: string;
  /** The spec's message when the trimmed value is empty ('Account name is required'). */
  requiredMessage: string;
  /** Saves the trimmed value; resolves whether it was saved. */
  onSave: (value: string) => Promise<boolean>;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
}

/**
 * A text field saved on its own (001 §2 "each saved inline"): Save and Cancel appear once it is
 * changed; Enter saves, Escape puts the saved value back. An empty value is refused with the
 * spec's message and no call; an unchanged one saves nothing.
 */
export function InlineTextField({
  label,
  value,
  requiredMessage,
  onSave,
  autoComplete = 'off',
  inputMode = 'text',
}: InlineTextFieldProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const dirty = draft !== value;

  // A new saved value (this save, or another tab's) replaces the field unless it is being edited.
  const shown = useRef(value);
  useEffect(() => {
    const previous = shown.current;
    shown.current = value;
    setDraft((current) => (current === previous ? value : current));
  }, [value]);

  const cancel = () => {
    setDraft(value);
    setError(undefined);
  };

  const save = async () => {
    const trimmed = draft.trim();
    if (trimmed === '') {
      setError(requiredMessage);
      return;
    }
    setError(undefined);
    if (trimmed === value) {
      setDraft(value);
      return;
    }
    setSaving(true);
    const saved = await onSave(trimmed);
    setSaving(false);
    if (saved) setDraft(trimmed);
  };

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormField label={label} error={error}>
        <Input
          value={draft}
          autoComplete={autoComplete}
          inputMode={inputMode}
          disabled={saving}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && dirty) {
              event.preventDefault();
              cancel();
            }
          }}
        />
      </FormField>
      {dirty ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm" disabled={saving}>
            <Check aria-hidden />
            {saving ? 'Saving...' : `Save ${label.toLowerCase()}`}
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={saving} onClick={cancel}>
            <X aria-hidden />
            Cancel
          </Button>
        </div>
      ) : null}
    </form>
  );
}
