import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppActors } from './app/actors';
import { startInspection } from './app/inspect';
import { createRouter, type AppRouter } from './app/router';

interface RuntimeConfig {
  apiUrl: string;
}

async function start() {
  // The API host is read at run time so one build works against any API.
  const config = (await fetch('/config.json').then((r) => r.json())) as RuntimeConfig;
  await startInspection();
  const routing: { router?: AppRouter } = {};
  const actors = createAppActors(config.apiUrl, (to, options) => void routing.router?.navigate(to, options));
  const router = createRouter();
  routing.router = router;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App actors={actors} router={router} />
    </StrictMode>,
  );
}

void start();
