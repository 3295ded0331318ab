import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry, To } from 'react-router';
import { HistoryRouter, memoryHistory } from '../app/history-router.tsx';
import { Providers } from '../app/providers.tsx';
import { AppRoutes, createAppRoutes } from '../app/router.tsx';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** Renders the real app (routes from the registry) in a memory router at `entry`. */
export function renderApp(entry: InitialEntry = '/') {
  const history = memoryHistory(entry);
  // What the tests ask of the router: where it is, and to go somewhere.
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: async (to: To) => {
      await act(async () => history.push(to));
    },
  };
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <HistoryRouter history={history}>
        <AppRoutes routes={createAppRoutes()} />
      </HistoryRouter>
    </Providers>,
  );
  return { ...result, router, queryClient, user };
}
