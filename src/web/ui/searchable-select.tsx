import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { cn } from './cn.ts';
import { inputClassName } from './input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from './popover.tsx';

/** The spec's search debounce (001 §9): one request once the user has paused typing for 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchableSelectTexts {
  /** Shown on the trigger when nothing is chosen, e.g. 'Select bank...'. */
  placeholder: string;
  /** The search box's placeholder, e.g. 'Search banks...'; without the dots, also its label. */
  search: string;
  loading: string;
  /** When the search finds nothing, e.g. 'No banks found.'. */
  empty: string;
  /** The inline text when a search fails, e.g. (message) => `Failed to load banks: ${message}`. */
  failed: (message: string) => string;
}

export interface SearchableSelectProps<T> {
  /** The trigger's id, for `<label htmlFor>`. */
  id?: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** The react-query key of one search (the trimmed text typed, '' when nothing is typed). */
  queryKey: (query: string) => QueryKey;
  /** Runs one search; `query` is trimmed and may be ''. */
  loadOptions: (query: string, signal: AbortSignal) => Promise<T[]>;
  /** How long a search's answer is reused without asking again. */
  staleTime?: number;
  /** Unique and stable per option: option ids and the "already chosen" tick hang on it. */
  getOptionKey: (option: T) => string;
  /** The chosen option's text on the trigger (plain text: it is also its accessible value). */
  getOptionLabel: (option: T) => string;
  /** An option in the list; the label when not given. */
  renderOption?: (option: T) => ReactNode;
  /** The picker's words, from the spec. */
  texts: SearchableSelectTexts;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** Only when no visible `<label htmlFor={id}>` names the trigger. */
  'aria-label'?: string;
}

function withoutEllipsis(text: string): string {
  return text.replace(/(\.\.\.|…)$/, '').trim();
}

/** The trimmed text, once it has stopped changing for `delayMs`. */
function useDebouncedSearch(text: string, delayMs: number): [string, (now: string) => void] {
  const [settled, setSettled] = useState(text.trim());
  const trimmed = text.trim();
  useEffect(() => {
    if (trimmed === settled) return;
    const timer = setTimeout(() => setSettled(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [trimmed, settled, delayMs]);
  return [settled, setSettled];
}

/**
 * A searchable picker for long server-side lists (banks, ISA and pension providers).
 *
 * A button shows the choice (or the placeholder); it opens a popover with a search box and a
 * listbox. The search box is the ARIA combobox: focus stays in it while the arrow keys, Home and
 * End move the active option (`aria-activedescendant`), Enter chooses it, and Escape or Tab
 * closes the popover and returns focus to the button. The search runs 300 ms after typing stops.
 */
export function SearchableSelect<T>({
  id,
  value,
  onChange,
  queryKey,
  loadOptions,
  staleTime,
  getOptionKey,
  getOptionLabel,
  renderOption,
  texts,
  disabled = false,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  'aria-label': ariaLabel,
}: SearchableSelectProps<T>) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useDebouncedSearch(text, SEARCH_DEBOUNCE_MS);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Enter came before the list answered what was typed: choose its best match when it does.
  const [chooseOnAnswer, setChooseOnAnswer] = useState(false);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const search = useQuery({
    queryKey: queryKey(query),
    queryFn: ({ signal }) => loadOptions(query, signal),
    enabled: open && !disabled,
    // Left out when not given, so the client's default holds (an explicit undefined would not).
    ...(staleTime === undefined ? {} : { staleTime }),
  });
  const options = search.data ?? [];
  const selectedKey = value === null ? null : getOptionKey(value);

  // The active option follows the mouse and the keys; on new results it starts on the chosen
  // option if listed, otherwise on the first, so Enter after typing picks the best match.
  const activeIndex = (() => {
    if (options.length === 0) return -1;
    for (const key of [activeKey, selectedKey]) {
      const index = key === null ? -1 : options.findIndex((option) => getOptionKey(option) === key);
      if (index >= 0) return index;
    }
    return 0;
  })();
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setText('');
      setQuery('');
      setActiveKey(null);
      setChooseOnAnswer(false);
    }
  };

  const choose = (option: T) => {
    onChange(option);
    changeOpen(false);
  };

  // The list answers the text in the box (not an earlier search still shown while the next waits).
  const answersText = query === text.trim() && search.isSuccess;
  // After every render, but it acts only once the answer Enter waits for has come (or failed).
  useEffect(() => {
    if (!chooseOnAnswer || query !== text.trim()) return;
    if (search.isError) setChooseOnAnswer(false);
    else if (search.isSuccess) {
      setChooseOnAnswer(false);
      const option = options[activeIndex];
      if (option !== undefined) choose(option);
    }
  });

  const moveTo = (index: number) => {
    const option = options[Math.max(0, Math.min(options.length - 1, index))];
    if (option !== undefined) setActiveKey(getOptionKey(option));
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + 10,
      PageUp: activeIndex - 10,
      Home: 0,
      End: options.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      if (options.length === 0) return;
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!answersText) {
        // Typed and Enter within the debounce, or before the answer: search now, choose on its answer.
        setQuery(text.trim());
        setChooseOnAnswer(true);
        return;
      }
      const option = options[activeIndex];
      if (option !== undefined) choose(option);
    } else if (event.key === 'Tab') {
      // Focus is held inside the popover; Tab leaves the picker as it would a native select.
      event.preventDefault();
      changeOpen(false);
    }
  };

  const isLoading = search.isPending && search.fetchStatus === 'fetching';
  const error = search.isError ? search.error : null;
  const statusText = isLoading ? texts.loading : search.isSuccess && options.length === 0 ? texts.empty : '';
  const hasList = options.length > 0 && error === null;
  const searchLabel = withoutEllipsis(texts.search);

  return (
    <Popover open={open} onOpenChange={changeOpen} modal>
      <PopoverTrigger asChild>
        <button
          type="button"
          id={id}
          // biome-ignore lint/a11y/useAriaPropsForRole: PopoverTrigger adds aria-expanded and aria-controls.
          role="combobox"
          disabled={disabled}
          aria-invalid={ariaInvalid || undefined}
          aria-describedby={ariaDescribedBy}
          aria-label={ariaLabel}
          className={cn(inputClassName, 'items-center justify-between gap-2 text-left', className)}
        >
          <span className={cn('truncate', value === null && 'text-muted-foreground')}>
            {value === null ? texts.placeholder : getOptionLabel(value)}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent
        aria-label={withoutEllipsis(texts.placeholder)}
        className="w-[var(--radix-popover-trigger-width)] min-w-[min(18rem,calc(100vw-1rem))] max-w-[calc(100vw-1rem)] p-0"
        collisionPadding={8}
      >
        <div className="border-b p-2">
          <input
            type="text"
            role="combobox"
            aria-label={searchLabel}
            aria-autocomplete="list"
            aria-expanded={hasList}
            aria-controls={hasList ? listboxId : undefined}
            aria-activedescendant={hasList ? activeId : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={texts.search}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActiveKey(null);
              setChooseOnAnswer(false);
            }}
            onKeyDown={onSearchKeyDown}
            className={cn(inputClassName, 'h-9')}
          />
        </div>
        <div
          role="status"
          aria-live="polite"
          className={cn(statusText ? 'flex items-center gap-2 px-3 py-4 text-sm text-muted-foreground' : 'sr-only')}
        >
          {isLoading ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> : null}
          {statusText}
        </div>
        {error ? (
          <p role="alert" className="px-3 py-4 text-sm text-destructive">
            {texts.failed(error.message)}
          </p>
        ) : null}
        {hasList ? (
          <ul
            id={listboxId}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA listbox pattern; focus stays in the search box.
            role="listbox"
            aria-label={searchLabel}
            className="max-h-[min(20rem,50vh)] overflow-y-auto overscroll-contain p-1"
          >
            {options.map((option, index) => {
              const key = getOptionKey(option);
              const isActive = index === activeIndex;
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: options are reached with the arrow keys from the search box (aria-activedescendant), as the listbox pattern says.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the search box handles the keys for every option.
                <li
                  key={key}
                  id={optionId(index)}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA listbox pattern.
                  role="option"
                  aria-selected={isActive}
                  data-active={isActive || undefined}
                  // Keep focus in the search box, so the popover stays a single tab stop.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (!isActive) setActiveKey(key);
                  }}
                  onClick={() => choose(option)}
                  className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-2 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground data-[active]:outline-2 data-[active]:-outline-offset-2 data-[active]:outline-ring"
                >
                  <Check
                    className={cn('mt-0.5 size-4 shrink-0', key === selectedKey ? 'opacity-100' : 'opacity-0')}
                    aria-hidden
                  />
                  <div className="min-w-0 flex-1 break-words">
                    {renderOption ? renderOption(option) : getOptionLabel(option)}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
