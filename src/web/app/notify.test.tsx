import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier, type Notifier, notify } from './notify.ts';
import { Providers } from './providers.tsx';
import { Toaster } from './toaster.tsx';

const messages = (n: Notifier) => n.getSnapshot().map((t) => t.message);

/** A notifier whose toasts are drawn the moment they show, as a Toaster on a fast page draws them. */
function drawnAtOnce(n: Notifier): Notifier {
  n.subscribe(() => {
    for (const toast of n.getSnapshot()) n.shown(toast.id);
  });
  return n;
}

describe('the notifier', () => {
  let n: Notifier;

  beforeEach(() => {
    vi.useFakeTimers();
    n = drawnAtOnce(createNotifier());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 800 ms, then shows a toast for 4 seconds', () => {
    n.success('Profile updated successfully');
    vi.advanceTimersByTime(799);
    expect(messages(n)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(n.getSnapshot()).toMatchObject([
      { kind: 'success', message: 'Profile updated successfully', duration: 4000 },
    ]);
    vi.advanceTimersByTime(3999);
    expect(messages(n)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(messages(n)).toEqual([]);
  });

  it('never puts two notices in one toast: each keeps its own kind', () => {
    n.success('Cookie preferences saved successfully');
    vi.advanceTimersByTime(500);
    n.error('Invalid email or password');
    vi.advanceTimersByTime(800);
    expect(n.getSnapshot().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Cookie preferences saved successfully'],
      ['error', 'Invalid email or password'],
    ]);
  });

  it('drops the same message repeated within 1 second, and a later repeat keeps the one on screen', () => {
    n.error('Failed to sign in');
    vi.advanceTimersByTime(400);
    n.error('Failed to sign in');
    vi.advanceTimersByTime(400);
    expect(messages(n)).toEqual(['Failed to sign in']);
    vi.advanceTimersByTime(3000); // 3.8 s after the first: 1 s of its 4 s left
    n.error('Failed to sign in');
    vi.advanceTimersByTime(1500);
    expect(messages(n)).toEqual(['Failed to sign in']); // shown once, its time started again
    vi.advanceTimersByTime(2500);
    expect(messages(n)).toEqual([]);
  });

  it('shows at most 3 at once; a fourth waits for a place', () => {
    for (const m of ['One', 'Two', 'Three', 'Four']) n.warning(m);
    vi.advanceTimersByTime(800);
    expect(messages(n)).toEqual(['One', 'Two', 'Three']);
    n.dismiss(n.getSnapshot()[0]!.id);
    expect(messages(n)).toEqual(['Two', 'Three', 'Four']);
  });

  it('keeps a longer duration asked for, such as the 5-second inactivity notice', () => {
    n.info('You have been logged out due to inactivity', { duration: 5000 });
    vi.advanceTimersByTime(800 + 4999);
    expect(messages(n)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(messages(n)).toEqual([]);
  });

  it('keeps the detail of a notice in the same toast', () => {
    n.error('Failed to update account name', { detail: 'Name is too long' });
    vi.advanceTimersByTime(800);
    expect(n.getSnapshot()).toMatchObject([{ message: 'Failed to update account name', detail: 'Name is too long' }]);
  });

  it('ignores empty messages', () => {
    n.error('   ');
    vi.advanceTimersByTime(1000);
    expect(messages(n)).toEqual([]);
  });

  describe('errors end with their page and their form', () => {
    it('takes a page’s errors and warnings away when the page changes, and keeps the rest', () => {
      n.pageChanged('/login');
      n.error('Invalid email or password');
      n.warning('Check the date');
      n.success('Signed out successfully');
      vi.advanceTimersByTime(800);
      n.pageChanged('/dashboard');
      expect(messages(n)).toEqual(['Signed out successfully']);
    });

    it('also takes away an error that had not shown yet', () => {
      n.pageChanged('/login');
      n.error('Invalid email or password');
      vi.advanceTimersByTime(300);
      n.pageChanged('/dashboard');
      vi.advanceTimersByTime(1000);
      expect(messages(n)).toEqual([]);
    });

    it('keeps an error raised with acrossPages: it explains the page the user is sent to', () => {
      n.pageChanged('/accounts/42');
      n.error('Account not found', { acrossPages: true });
      n.pageChanged('/accounts');
      vi.advanceTimersByTime(800);
      expect(messages(n)).toEqual(['Account not found']);
    });

    it('leaves toasts alone when only the query string changes (the same page)', () => {
      n.pageChanged('/settings');
      n.error('Failed to update profile');
      vi.advanceTimersByTime(800);
      n.pageChanged('/settings');
      expect(messages(n)).toEqual(['Failed to update profile']);
    });

    it('takes a form’s errors away when it succeeds, shown or waiting, and no one else’s', () => {
      n.error('Invalid email or password', { form: 'sign-in' });
      n.error('Failed to save cookie preferences');
      vi.advanceTimersByTime(800);
      n.error('Invalid code', { form: 'sign-in' });
      n.formSucceeded('sign-in');
      vi.advanceTimersByTime(1000);
      expect(messages(n)).toEqual(['Failed to save cookie preferences']);
    });

    it('shows only a form’s latest failure: the next one replaces it', () => {
      n.error('Invalid email or password', { form: 'sign-in' });
      vi.advanceTimersByTime(2000);
      n.error('Too many requests. Please wait before trying again', { form: 'sign-in' });
      vi.advanceTimersByTime(800);
      expect(messages(n)).toEqual(['Too many requests. Please wait before trying again']);
    });

    it('takes a form’s earlier failure away when the same form reports a success', () => {
      n.error('Failed to update profile', { form: 'profile' });
      vi.advanceTimersByTime(2000);
      n.success('Profile updated successfully', { form: 'profile' });
      vi.advanceTimersByTime(800);
      expect(messages(n)).toEqual(['Profile updated successfully']);
    });
  });

  it('starts a toast’s 4 seconds when its words are drawn, not when it was raised', () => {
    const slow = createNotifier(); // the page behind is slow: nothing has drawn the toast yet
    slow.success('Thanks, your email is verified.');
    vi.advanceTimersByTime(800 + 10_000);
    const [toast] = slow.getSnapshot();
    expect(toast?.message).toBe('Thanks, your email is verified.');
    slow.shown(toast!.id);
    vi.advanceTimersByTime(3999);
    expect(messages(slow)).toHaveLength(1);
    slow.shown(toast!.id); // drawn again (a re-render): its time does not start over
    vi.advanceTimersByTime(1);
    expect(messages(slow)).toEqual([]);
  });

  it('gives a toast drawn while paused its whole time once the pause ends', () => {
    const slow = createNotifier();
    slow.info('Saved');
    vi.advanceTimersByTime(800);
    slow.pause();
    slow.shown(slow.getSnapshot()[0]!.id);
    vi.advanceTimersByTime(10_000);
    slow.resume();
    vi.advanceTimersByTime(3999);
    expect(messages(slow)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(slow)).toEqual([]);
  });

  it('holds the toasts while paused and gives them their remaining time after', () => {
    n.info('Saved');
    vi.advanceTimersByTime(800 + 3000);
    n.pause();
    vi.advanceTimersByTime(10_000);
    expect(messages(n)).toEqual(['Saved']);
    n.resume();
    vi.advanceTimersByTime(999);
    expect(messages(n)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(n)).toEqual([]);
  });
});

describe('the Toaster', () => {
  it('draws each notice in its own box, with its own live region and colour', async () => {
    render(<Providers>{null}</Providers>);
    notify.success('Cookie preferences saved successfully');
    notify.error('Invalid email or password');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Invalid email or password');
    expect(error).not.toHaveTextContent('Cookie preferences');
    expect(error).toHaveAttribute('aria-live', 'assertive');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Cookie preferences saved successfully');
    expect(status).toHaveAttribute('aria-live', 'polite');
    const region = screen.getByRole('region', { name: 'Notifications' });
    const boxes = region.querySelectorAll('[data-toast]');
    expect([...boxes].map((b) => b.getAttribute('data-toast'))).toEqual(['success', 'error']);
    expect(boxes[0]!.className).toMatch(/bg-success-soft/);
    expect(boxes[1]!.className).toMatch(/bg-destructive-soft/);
  });

  it('tells the notifier once a toast’s words are on the page, so its time starts then', async () => {
    const n = createNotifier();
    const shown = vi.spyOn(n, 'shown');
    render(<Toaster notifier={n} />);
    n.success('Profile updated successfully');
    const status = await screen.findByRole('status', {}, { timeout: 2000 });
    expect(status).toHaveTextContent('Profile updated successfully');
    // The card says so in an effect after the commit that drew the words: just after, not with them.
    const id = n.getSnapshot()[0]!.id;
    await waitFor(() => expect(shown).toHaveBeenCalledWith(id));
  });

  it('closes a toast from its button and puts focus back on the page', async () => {
    const user = userEvent.setup();
    const n = createNotifier();
    render(
      <>
        <main id="main" tabIndex={-1} />
        <Toaster notifier={n} />
      </>,
    );
    act(() => n.pageChanged('/'));
    n.error('Failed to update profile');
    const toast = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(toast).toHaveTextContent('Failed to update profile');
    const close = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('button', {
      name: 'Dismiss notification',
    });
    close.focus();
    await user.click(close);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});

describe('toasts across the app', () => {
  it('all go through notify: nothing else imports a toast library', async () => {
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
          if (/from\s*'(sonner|@radix-ui\/react-toast)'/.test(text) || /\bToast\b.*from\s*'radix-ui'/.test(text))
            offenders.push(file.slice(root.length + 1));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
