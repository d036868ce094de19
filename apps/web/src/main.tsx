import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { reloadOnPreloadError } from '@/lib/chunk-reload';
import { createQueryClient } from '@/lib/query-client';
import { AppRoutes } from './app/app-routes';
import { Providers } from './app/providers';
import './index.css';

// The server sends the toasts' style element with this page's style nonce (the page policy allows
// no other inline style); react-hot-toast's goober copies window.__nonce__ onto it when it writes.
const toastStyle = document.getElementById('_goober');
if (toastStyle) (window as Window & { __nonce__?: string }).__nonce__ = toastStyle.nonce;

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
