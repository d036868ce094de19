import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found-page';

/** Each page is its own chunk: the home page loads only what it needs. */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

function guarded(Guard: typeof RequireAuth, load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      return {
        Component: () => (
          <Guard>
            <Page />
          </Guard>
        ),
      };
    },
  };
}

const signedIn = (load: () => Promise<ComponentType>) => guarded(RequireAuth, load);
const adminOnly = (load: () => Promise<ComponentType>) => guarded(RequireAdmin, load);

/** The route table of spec section 2 (with /all-products public: ARCHITECTURE.md). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, ...page(async () => (await import('./home-page')).HomePage) },
      {
        path: 'blogs',
        ...page(async () => (await import('@/features/blogs/components/blogs-page')).BlogsPage),
      },
      {
        path: 'contact',
        ...page(async () => (await import('@/features/contact/components/contact-page')).ContactPage),
      },
      {
        path: 'login',
        ...page(async () => (await import('@/features/auth/components/login-page')).LoginPage),
      },
      {
        path: 'signup',
        ...page(async () => (await import('@/features/auth/components/signup-page')).SignupPage),
      },
      {
        path: 'all-products',
        ...page(async () => (await import('@/features/catalog/components/products-page')).ProductsPage),
      },
      {
        path: 'purchase/:id',
        ...signedIn(async () => (await import('@/features/purchase/components/purchase-page')).PurchasePage),
      },
      {
        path: 'dashboard',
        ...signedIn(async () => (await import('./layouts/dashboard-layout')).DashboardLayout),
        children: [
          { index: true, ...page(async () => (await import('./dashboard-home')).DashboardHome) },
          {
            path: 'my-profile',
            ...page(
              async () => (await import('@/features/profile/components/my-profile-page')).MyProfilePage,
            ),
          },
          {
            path: 'my-orders',
            ...page(async () => (await import('@/features/orders/components/my-orders-page')).MyOrdersPage),
          },
          {
            path: 'my-reviews',
            ...page(
              async () => (await import('@/features/reviews/components/add-review-page')).AddReviewPage,
            ),
          },
          {
            path: 'payments/:id',
            ...page(async () => (await import('@/features/payments/components/payment-page')).PaymentPage),
          },
          {
            path: 'all-users',
            ...adminOnly(
              async () => (await import('@/features/admin-users/components/make-admin-page')).MakeAdminPage,
            ),
          },
          {
            path: 'all-orders',
            ...adminOnly(
              async () =>
                (await import('@/features/admin-orders/components/total-orders-page')).TotalOrdersPage,
            ),
          },
          {
            path: 'add-products',
            ...adminOnly(
              async () =>
                (await import('@/features/admin-products/components/add-product-page')).AddProductPage,
            ),
          },
          {
            path: 'manage-products',
            ...adminOnly(
              async () =>
                (await import('@/features/admin-products/components/manage-products-page'))
                  .ManageProductsPage,
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
