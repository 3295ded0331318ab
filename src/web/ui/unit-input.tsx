import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { Input } from './input.tsx';

/** A text input with a unit before or after it (£, %), numeric keyboard on phones. */
export function UnitInput({
  unit,
  position,
  className,
  ...props
}: ComponentProps<typeof Input> & { unit: string; position: 'before' | 'after' }) {
  return (
    <div className="relative">
      <span
        className={`pointer-events-none absolute inset-y-0 flex items-center text-muted-foreground ${position === 'before' ? 'left-3' : 'right-3'}`}
        aria-hidden
      >
        {unit}
      </span>
      <Input
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className={cn('tabular-nums', position === 'before' ? 'pl-7' : 'pr-8', className)}
        {...props}
      />
    </div>
  );
}
