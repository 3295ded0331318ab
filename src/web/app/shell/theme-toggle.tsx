import { Laptop, Moon, Sun } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu.tsx';
import { THEMES, type Theme, useTheme } from '../theme.tsx';

export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const THEME_ICONS = { light: Sun, dark: Moon, system: Laptop } as const;

function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

/** Header button: a menu of light, dark and system themes. */
export function ThemeToggle() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Colour theme: ${THEME_LABELS[theme]}`}>
          <Icon className="size-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuLabel>Colour theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
          {THEMES.map((option) => {
            const OptionIcon = THEME_ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon aria-hidden />
                {THEME_LABELS[option]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The same choice as a row of buttons, for the mobile menu. */
export function ThemeSegmented() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Colour theme</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {THEMES.map((option) => {
          const OptionIcon = THEME_ICONS[option];
          const selected = option === theme;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected}
              onClick={() => setTheme(option)}
              className={cn(
                'flex min-h-9 items-center justify-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                selected && 'bg-background text-foreground shadow-sm',
              )}
            >
              <OptionIcon className="size-4" aria-hidden />
              {THEME_LABELS[option]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
