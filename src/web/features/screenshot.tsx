import { useTheme } from '../app/theme.tsx';
import { cn } from '../ui/cn.ts';
import {
  PHONE_PICTURE_MAX_WIDTH,
  SCREENSHOTS,
  type ScreenshotName,
  screenshotPixels,
  screenshotUrl,
} from './screenshots.ts';

/**
 * A real screen of the product (src/web/features/screenshots.ts): the phone picture in a narrow
 * window, the desktop one otherwise, in the colour scheme the page shows. Loaded lazily unless it
 * is the first thing on the page (`priority`), with its size given so nothing moves when it comes.
 */
export function Screenshot({
  name,
  priority = false,
  className,
}: {
  name: ScreenshotName;
  priority?: boolean;
  className?: string;
}) {
  const { resolvedTheme } = useTheme();
  const desktop = screenshotPixels('desktop');
  const phone = screenshotPixels('phone');
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border bg-card shadow-lg ring-1 ring-black/5 dark:ring-white/10',
        className,
      )}
    >
      <picture>
        <source
          media={`(max-width: ${PHONE_PICTURE_MAX_WIDTH}px)`}
          srcSet={screenshotUrl(name, 'phone', resolvedTheme)}
          width={phone.width}
          height={phone.height}
        />
        <img
          src={screenshotUrl(name, 'desktop', resolvedTheme)}
          width={desktop.width}
          height={desktop.height}
          alt={SCREENSHOTS[name]}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="block h-auto w-full"
        />
      </picture>
    </div>
  );
}
