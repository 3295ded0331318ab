import { act, render, screen } from '@testing-library/react';
import { Link, Outlet, useNavigate, useRoutes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryRouter, memoryHistory } from './history-router.tsx';
import { RouteErrorBoundary, RouteErrorPage } from './route-error.tsx';
import { ScrollMemory } from './scroll-memory.tsx';

let goTo: ReturnType<typeof useNavigate> = () => undefined;

function Layout() {
  goTo = useNavigate();
  const [, setParams] = useSearchParams();
  return (
    <>
      <ScrollMemory />
      <nav>
        <Link to="/long">Long page</Link>
        <button type="button" onClick={() => setParams({ tab: 'two' }, { preventScrollReset: true })}>
          Second tab
        </button>
      </nav>
      <RouteErrorBoundary fallback={RouteErrorPage}>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

function Broken(): never {
  throw new Error('the page failed');
}

function Pages() {
  return useRoutes([
    {
      element: <Layout />,
      children: [
        { path: '/', element: <h1>Home</h1> },
        { path: '/long', element: <h1>Long</h1> },
        { path: '/broken', element: <Broken /> },
      ],
    },
  ]);
}

function renderAt(entry: string) {
  const history = memoryHistory(entry);
  render(
    <HistoryRouter history={history}>
      <Pages />
    </HistoryRouter>,
  );
  return history;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

afterEach(() => {
  scrollTo(0);
});

describe('the router in declarative mode', () => {
  it('shows the error page inside the layout when a page fails, until the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    renderAt('/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Long page' })).toBeInTheDocument();
    await act(async () => screen.getByRole('link', { name: 'Long page' }).click());
    expect(await screen.findByRole('heading', { name: 'Long' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('commits a navigation asked for with flushSync at once, and any other as a transition', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'Home' });
    act(() => {
      void goTo('/long');
      expect(screen.queryByRole('heading', { name: 'Long' })).not.toBeInTheDocument();
    });
    expect(await screen.findByRole('heading', { name: 'Long' })).toBeInTheDocument();
    act(() => {
      void goTo('/', { flushSync: true });
      expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    });
  });

  it('opens a new page at its top, returns to where an entry was on going back, and keeps the place for a tab', async () => {
    const scrolls = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const history = renderAt('/');
    await screen.findByRole('heading', { name: 'Home' });
    scrollTo(640);

    scrolls.mockClear();
    await act(async () => screen.getByRole('link', { name: 'Long page' }).click());
    await screen.findByRole('heading', { name: 'Long' });
    expect(scrolls).toHaveBeenCalledWith(0, 0);
    scrollTo(300);

    scrolls.mockClear();
    await act(async () => screen.getByRole('button', { name: 'Second tab' }).click());
    expect(history.location.search).toBe('?tab=two');
    expect(scrolls).not.toHaveBeenCalled();

    scrolls.mockClear();
    await act(async () => history.go(-2));
    await screen.findByRole('heading', { name: 'Home' });
    expect(scrolls).toHaveBeenCalledWith(0, 640);
  });
});
