import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

export type CodeKind = 'digits' | 'backup';

/** Spaces and dashes people type or paste inside a 6-digit code ("123 456") are ignored. */
export function normaliseCode(raw: string, kind: CodeKind): string {
  return kind === 'digits' ? raw.replace(/[\s-]/g, '') : raw.trim();
}

function codeProblem(code: string, kind: CodeKind): string | null {
  if (kind === 'backup') return code ? null : 'Enter one of your backup codes';
  return /^\d{6}$/.test(code) ? null : 'Enter the 6-digit code';
}

/**
 * One field for a one-time code (authenticator, e-mailed or backup) and its submit button.
 * `onSubmit` resolves to an error message to show, or null when the code was accepted.
 */
export function OneTimeCodeForm({
  label,
  description,
  kind,
  submitLabel,
  pendingLabel,
  onSubmit,
  children,
}: {
  label: string;
  description?: ReactNode;
  kind: CodeKind;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (code: string) => Promise<string | null>;
  children?: ReactNode;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseCode(value, kind);
    const problem = codeProblem(code, kind);
    setError(problem ?? undefined);
    if (problem) return;
    setPending(true);
    try {
      const failure = await onSubmit(code);
      setError(failure ?? undefined);
      if (failure) setValue('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <FormField label={label} description={description} error={error}>
        <Input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="one-time-code"
          inputMode={kind === 'digits' ? 'numeric' : 'text'}
          spellCheck={false}
          autoCapitalize="off"
          maxLength={kind === 'digits' ? 9 : 32}
          className="font-mono text-lg tracking-[0.2em]"
          autoFocus
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? pendingLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}
