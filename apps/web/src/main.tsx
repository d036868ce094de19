import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { reloadOnPreloadError } from '@/lib/chunk-reload';
import { createQueryClient } from '@/lib/query-client';
import { AppRoutes } from './app/app-routes';
import { Providers } from './app/providers';
import './index.css';

reloadOnPreloadError();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={queryClient}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
