import type { LucideIcon } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { cn } from './cn.ts';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: LucideIcon;
}

/** A radio group drawn as a row of cards (arrow keys move between them). */
export function ChoiceCards<T extends string>({
  label,
  value,
  choices,
  onChange,
  disabled,
  className,
}: {
  label: string;
  value: T | undefined;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-label={label}
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        const choice = choices.find((c) => c.value === next);
        if (choice) onChange(choice.value);
      }}
      className={cn('grid gap-2 sm:grid-cols-3', className)}
    >
      {choices.map(({ value: option, label: optionLabel, description, icon: Icon }) => (
        <RadioGroupPrimitive.Item
          key={option}
          value={option}
          className="flex items-center gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-primary data-[state=checked]:bg-brand-soft/50"
        >
          {Icon ? <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden /> : null}
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="text-sm font-medium">{optionLabel}</span>
            {description ? <span className="text-xs text-muted-foreground">{description}</span> : null}
          </span>
          <span
            aria-hidden
            className="flex size-4 shrink-0 items-center justify-center rounded-full border border-input [[data-state=checked]>&]:border-primary"
          >
            <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
          </span>
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
