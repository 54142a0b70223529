import './styles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppShell } from './AppShell';
import { createAppRouter } from './router';
import { readSiteUrl } from './site-url';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const router = createAppRouter();
  // Resolve the route (and load its lazy chunk) before hydrating, so the first render matches the prerendered HTML.
  await router.load();
  const app = (
    <StrictMode>
      <AppShell router={router} siteUrl={readSiteUrl()} />
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
