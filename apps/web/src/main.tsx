// first: zod's configuration for the CSP, before any module builds a schema
import './app/zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { createAppRouter } from './app/router';
import { errorMessage, installErrorLogging, logFrontError } from './shell/errorLog';

installErrorLogging();

async function boot(): Promise<void> {
  const router = await createAppRouter();
  createRoot(document.getElementById('root')!, {
    // errors no boundary caught (route errors are logged by the error page)
    onUncaughtError: (error) => void logFrontError('error', errorMessage(error)),
  }).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('service worker', e));
  });
}
