import { Slot } from 'radix-ui';
import { type ReactElement, type ReactNode, useId } from 'react';
import { cn } from './cn.ts';
import { Label } from './label.tsx';

export interface FormFieldProps {
  label: ReactNode;
  /** The validation message; shown under the control and read out with it. */
  error?: string | undefined;
  /** Help text shown under the label. */
  description?: ReactNode;
  /** Help text shown under the control (what to type, such as "the last 4 digits are enough"). */
  hint?: ReactNode;
  /** Marks the label as optional ("Promo code (optional)"). */
  optional?: boolean;
  /** The id given to the control; generated when omitted. */
  id?: string;
  className?: string;
  /** A single form control (input, select, textarea); it receives id and ARIA wiring. */
  children: ReactElement;
}

/**
 * A labelled form control. The control gets the label's id, `aria-invalid` when there is an
 * error, and `aria-describedby` pointing at the help text, the hint and the error message.
 */
export function FormField({ label, error, description, hint, optional, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const descriptionId = `${controlId}-description`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [description ? descriptionId : null, hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </Label>
      {description ? (
        <p id={descriptionId} className="-mt-1 text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined}>
        {children}
      </Slot.Root>
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
