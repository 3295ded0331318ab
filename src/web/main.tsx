// First: turns off zod's compiled validators before any schema is built (see zod-config.ts).
import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The installable app's worker (ADR 0059): production builds only, fetched after the page has loaded.
if (import.meta.env.PROD) void import('./app/service-worker.ts').then((m) => m.registerServiceWorkerAfterLoad());
