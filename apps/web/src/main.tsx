import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_STATE_ELEMENT_ID } from '@shop/shared/server-rendering';
import { reloadOnPreloadError } from '@/lib/chunk-reload';
import { createQueryClient } from '@/lib/query-client';
import { ShopApp } from './app/shop-app';
import './index.css';

// The server sends the toasts' style element with this page's style nonce (the page policy allows
// no other inline style); react-hot-toast's goober copies window.__nonce__ onto it when it writes.
const toastStyle = document.getElementById('_goober');
if (toastStyle) (window as Window & { __nonce__?: string }).__nonce__ = toastStyle.nonce;

reloadOnPreloadError();

const queryClient = createQueryClient();
// A server-rendered page carries the data it was rendered with: the queries start from it.
const pageState = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
if (pageState) hydrate(queryClient, JSON.parse(pageState));

const app = (
  <BrowserRouter>
    <ShopApp queryClient={queryClient} />
  </BrowserRouter>
);
const root = document.getElementById('root')!;
// Public pages arrive rendered (docs/decisions/0017) and are hydrated; the others arrive empty.
// The page is already on screen, so hydration may yield to the browser every few milliseconds
// (a transition) instead of blocking a slow phone's main thread for one long task.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
