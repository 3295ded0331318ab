import { Menu, Moon, Sun } from 'lucide-react';
import { buttonVariants } from '../../ui/button-variants.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { lazyPart } from '../lazy-part.tsx';
import { useTheme } from '../theme.tsx';

/**
 * The header's menus and buttons, loaded after first render: their dialogs and dropdowns
 * (Radix, floating-ui) are most of the shell's weight and nobody opens one before the page shows.
 * Each stands in with its own look while it loads; the stand-ins are decoration, not controls.
 */

function ThemeTogglePlaceholder() {
  const { resolvedTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <span aria-hidden className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
      <Icon className="size-5" />
    </span>
  );
}

function MobileMenuPlaceholder({ wide = false }: { me: unknown; wide?: boolean }) {
  return (
    <span
      aria-hidden
      className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} ${wide ? 'xl:hidden' : 'lg:hidden'}`}
    >
      <Menu className="size-6" />
    </span>
  );
}

function IconPlaceholder() {
  return <Skeleton className="size-9 rounded-full" />;
}

export const ThemeToggle = lazyPart(
  () => import('./theme-toggle.tsx').then((m) => m.ThemeToggle),
  ThemeTogglePlaceholder,
);
export const MobileMenu = lazyPart(() => import('./mobile-menu.tsx').then((m) => m.MobileMenu), MobileMenuPlaceholder);
export const UserMenu = lazyPart(() => import('./user-menu.tsx').then((m) => m.UserMenu), IconPlaceholder);
export const NotificationBell = lazyPart(
  () => import('../../notifications/notification-bell.tsx').then((m) => m.NotificationBell),
  IconPlaceholder,
);
