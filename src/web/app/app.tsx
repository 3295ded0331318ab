import { useState } from 'react';
import { browserHistory, HistoryRouter } from './history-router.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes, createAppRoutes, preloadSignedInRoutes } from './router.tsx';

function start() {
  preloadSignedInRoutes();
  return { history: browserHistory(), routes: createAppRoutes() };
}

export function App() {
  const [{ history, routes }] = useState(start);
  return (
    <Providers>
      <HistoryRouter history={history}>
        <AppRoutes routes={routes} />
      </HistoryRouter>
    </Providers>
  );
}
