import { CalendarDays, ChevronDown, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { cn } from './cn.ts';
import { dateToStored, displayDate, parseTypedDate, storedToDate } from './date-format.ts';
import { inputClassName } from './input.tsx';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover.tsx';

export interface DatePickerProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  /** 'yyyy-MM-dd', '' for no date, or what the user typed that is not (yet) a date. */
  value: string;
  onChange: (value: string) => void;
  /** Years offered (000 §5: 1900 to this year + 10). */
  fromYear?: number;
  toYear?: number;
  /** The last date that may be picked ('yyyy-MM-dd'), e.g. today for a date of birth. */
  latest?: string;
  /** What the calendar button and clear button are called for screen readers ("date of birth"). */
  label?: string;
}

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : orientation === 'right' ? ChevronRight : ChevronDown;
  return <Icon className={cn('size-4', className)} aria-hidden />;
}

/**
 * A date field: type dd/MM/yyyy (or pick from the calendar), stored as yyyy-MM-dd, clearable.
 * A typed value that is not a date is passed on as typed, so the form's validation can say so.
 */
export function DatePicker({
  value,
  onChange,
  fromYear = 1900,
  toYear = new Date().getFullYear() + 10,
  latest,
  label = 'date',
  className,
  disabled,
  onBlur,
  ...inputProps
}: DatePickerProps) {
  const [text, setText] = useState(() => displayDate(value));
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  // A new value from outside (loaded, reset, picked) replaces what is shown.
  useEffect(() => {
    setText(displayDate(value));
  }, [value]);

  const commitTyped = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      if (value !== '') onChange('');
      return;
    }
    const parsed = parseTypedDate(trimmed, { fromYear, toYear });
    const next = parsed ?? trimmed;
    if (next !== value) onChange(next);
    else setText(displayDate(next));
  };

  const selected = storedToDate(value);
  const latestDate = latest ? storedToDate(latest) : undefined;
  const describedBy = [inputProps['aria-describedby'], hintId].filter(Boolean).join(' ');

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className={cn('relative flex', className)}>
          <input
            {...inputProps}
            ref={inputRef}
            type="text"
            inputMode="numeric"
            autoComplete={inputProps.autoComplete ?? 'off'}
            placeholder="dd/mm/yyyy"
            value={text}
            disabled={disabled}
            aria-describedby={describedBy}
            className={cn(inputClassName, value || text ? 'pr-20' : 'pr-11')}
            onChange={(event) => setText(event.target.value)}
            onBlur={(event) => {
              commitTyped();
              onBlur?.(event);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commitTyped();
              }
              if (event.key === 'ArrowDown' && event.altKey) {
                event.preventDefault();
                setOpen(true);
              }
            }}
          />
          <span id={hintId} className="sr-only">
            Type the date as day, month and year, or press Alt and Down arrow to choose it from a calendar.
          </span>
          <div className="absolute inset-y-0 right-0 flex items-center gap-0.5 pr-1">
            {value || text ? (
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  setText('');
                  onChange('');
                  inputRef.current?.focus();
                }}
                className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Clear ${label}`}
              >
                <X className="size-4" aria-hidden />
              </button>
            ) : null}
            <PopoverTrigger asChild>
              <button
                type="button"
                disabled={disabled}
                className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Choose ${label} from a calendar`}
              >
                <CalendarDays className="size-4" aria-hidden />
              </button>
            </PopoverTrigger>
          </div>
        </div>
      </PopoverAnchor>
      <PopoverContent
        aria-label={`Choose ${label}`}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <DayPicker
          mode="single"
          autoFocus
          locale={enGB}
          weekStartsOn={1}
          captionLayout="dropdown"
          startMonth={new Date(fromYear, 0, 1)}
          endMonth={new Date(toYear, 11, 31)}
          defaultMonth={selected ?? latestDate ?? new Date()}
          selected={selected}
          disabled={latestDate ? { after: latestDate } : undefined}
          onSelect={(date) => {
            if (date) onChange(dateToStored(date));
            setOpen(false);
          }}
          components={{ Chevron }}
          classNames={{
            root: 'relative',
            months: 'flex flex-col',
            month: 'grid gap-3',
            month_caption: 'flex h-9 items-center justify-center px-9',
            caption_label: 'inline-flex items-center gap-1 text-sm font-medium',
            dropdowns: 'flex items-center gap-2',
            dropdown_root:
              'relative inline-flex h-8 items-center rounded-md border border-input px-2 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-ring',
            dropdown: 'absolute inset-0 cursor-pointer opacity-0',
            nav: 'absolute inset-x-0 top-0 flex h-9 items-center justify-between',
            button_previous:
              'inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40',
            button_next:
              'inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40',
            month_grid: 'w-full border-collapse',
            weekdays: 'flex',
            weekday: 'w-9 text-center text-xs font-normal text-muted-foreground',
            week: 'mt-1 flex',
            day: 'size-9 p-0 text-center text-sm',
            day_button:
              'inline-flex size-9 items-center justify-center rounded-md tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none',
            selected: '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
            today: '[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4',
            outside: 'text-muted-foreground opacity-60',
            disabled: 'text-muted-foreground opacity-40',
            hidden: 'invisible',
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
