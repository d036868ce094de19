import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';

/**
 * The whole shop inside a router: the browser's (main.tsx) or the server's (entry-server.tsx).
 * Both render this same tree, so hydration finds what the server sent.
 */
export function ShopApp({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <AppRoutes />
      </Providers>
    </StrictMode>
  );
}
