import type { ReactNode } from 'react';

/**
 * One option in a reference picker: the name people know, a second line naming the firm behind it
 * when that differs, and at most one short neutral note about its protection.
 */
export function OptionText({
  name,
  detail,
  note,
}: {
  name: string;
  detail?: string | null;
  note?: string | null;
}): ReactNode {
  return (
    <>
      <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-medium">{name}</span>
        {note ? <span className="rounded-sm border px-1.5 text-xs text-muted-foreground">{note}</span> : null}
      </span>
      {detail ? <span className="block text-xs text-muted-foreground">{detail}</span> : null}
    </>
  );
}

/** Whether two names differ beyond case and spacing ('Nationwide' vs 'Nationwide Building Society' do). */
export function namesDiffer(name: string, other: string): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(name) !== normal(other);
}

/** What every reference picker takes, so a form can treat them alike. */
export interface ReferencePickerProps<T> {
  /** For `<label htmlFor>`. */
  id?: string;
  value: T | null;
  onChange: (value: T | null) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}
