import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier, type MergedToast, notify } from './notify.ts';
import { Providers } from './providers.tsx';

describe('merged toasts', () => {
  let shown: MergedToast[];
  let notifier: ReturnType<typeof createNotifier>;

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    notifier = createNotifier((t) => shown.push(t));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 800 ms, then shows one toast for 4 seconds', () => {
    notifier.success('Profile updated successfully');
    vi.advanceTimersByTime(799);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([{ kind: 'success', messages: ['Profile updated successfully'], duration: 4000 }]);
  });

  it('merges messages that arrive within the 800 ms into one toast of the most serious kind', () => {
    notifier.success('Cookie preferences saved successfully');
    vi.advanceTimersByTime(500);
    notifier.error('Failed to update profile');
    vi.advanceTimersByTime(300);
    expect(shown).toEqual([
      {
        kind: 'error',
        messages: ['Cookie preferences saved successfully', 'Failed to update profile'],
        duration: 4000,
      },
    ]);
  });

  it('starts a new toast for a message after the 800 ms', () => {
    notifier.info('First');
    vi.advanceTimersByTime(800);
    notifier.info('Second');
    vi.advanceTimersByTime(800);
    expect(shown.map((t) => t.messages)).toEqual([['First'], ['Second']]);
  });

  it('drops the same message repeated within 1 second, and shows it again after', () => {
    notifier.error('Failed to sign in');
    vi.advanceTimersByTime(400);
    notifier.error('Failed to sign in');
    vi.advanceTimersByTime(400);
    expect(shown.map((t) => t.messages)).toEqual([['Failed to sign in']]);
    vi.advanceTimersByTime(199); // 999 ms after the first
    notifier.error('Failed to sign in');
    vi.advanceTimersByTime(800);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1); // the repeat above was dropped; this one is 1.8 s after the last shown
    notifier.error('Failed to sign in');
    vi.advanceTimersByTime(800);
    expect(shown.map((t) => t.messages)).toEqual([['Failed to sign in'], ['Failed to sign in']]);
  });

  it('puts at most 3 messages in a toast; a fourth starts the next one', () => {
    for (const m of ['One', 'Two', 'Three', 'Four']) notifier.warning(m);
    expect(shown.map((t) => t.messages)).toEqual([['One', 'Two', 'Three']]);
    vi.advanceTimersByTime(800);
    expect(shown.map((t) => t.messages)).toEqual([['One', 'Two', 'Three'], ['Four']]);
  });

  it('keeps a longer duration asked for, such as the 5-second inactivity notice', () => {
    notifier.info('You have been logged out due to inactivity', { duration: 5000 });
    vi.advanceTimersByTime(800);
    expect(shown[0]?.duration).toBe(5000);
  });

  it('ignores empty messages', () => {
    notifier.error('   ');
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([]);
  });
});

describe('the app notifier', () => {
  it('draws a merged toast in the Toaster: the first message as its title, the others listed', async () => {
    render(<Providers>{null}</Providers>);
    notify.success('Cookie preferences saved successfully');
    notify.error('Failed to update profile');
    const toast = (await screen.findByText('Cookie preferences saved successfully')).closest(
      'li[data-sonner-toast]',
    ) as HTMLElement;
    expect(within(toast).getByRole('listitem')).toHaveTextContent('Failed to update profile');
    expect(toast).toHaveAttribute('data-type', 'error');
  });
});

describe('toasts across the app', () => {
  it('all go through notify, so the merge rules hold everywhere', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(process.cwd(), 'src/web');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(file, 'utf8');
          if (/import\s*\{[^}]*\btoast\b[^}]*\}\s*from\s*'sonner'/.test(text))
            offenders.push(file.slice(root.length + 1));
        }
      }
    };
    walk(root);
    expect(offenders.filter((f) => f !== 'app/notify.ts')).toEqual([]);
  });
});
