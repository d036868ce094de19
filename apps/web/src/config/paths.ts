import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '@shop/shared/account-links';
import {
  COMPANY_PATH,
  COMPANY_STATEMENT_PATH,
  invitationPath,
  MY_QUOTES_PATH,
} from '@shop/shared/order-links';
import { SOCIAL_SIGN_IN_COMPLETE_PATH } from '@shop/shared/social-sign-in';

/**
 * The one place that knows every route of the web app (docs/behaviour.md §2.1): the router
 * (app/app-routes.tsx) and the server's renderer (entry-server.tsx) both read it.
 */
export const paths = {
  home: '/',
  blogs: '/blogs',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  forgotPassword: FORGOT_PASSWORD_PATH,
  resetPassword: RESET_PASSWORD_PATH,
  verifyEmail: VERIFY_EMAIL_PATH,
  products: '/all-products',
  /** The public product page (docs/behaviour.md §3.5). */
  product: (id: string) => `/tools/${id}`,
  purchase: (id: string) => `/purchase/${id}`,
  /** The signed-in buyer's cart, and the checkout that turns it into one order (docs/behaviour.md §5). */
  cart: '/cart',
  checkout: '/checkout',
  /** The trade buyer's pad: lines of SKU and quantity into the cart (docs/behaviour.md §5.19). */
  quickOrder: '/quick-order',
  dashboard: '/dashboard',
  myProfile: '/dashboard/my-profile',
  /** The address book, reached from My Profile (docs/behaviour.md §4.15). */
  addressBook: '/dashboard/my-profile/addresses',
  myOrders: '/dashboard/my-orders',
  /** The buyer's saved lists, and one list (docs/behaviour.md §5.20). */
  savedLists: '/dashboard/lists',
  savedList: (listId: string) => `/dashboard/lists/${listId}`,
  myReviews: '/dashboard/my-reviews',
  /**
   * The buyer's quotes and one quote's page, which the quote's e-mail links to; for admins, every
   * quote and its pricing, at the same addresses (docs/behaviour.md §5.24). The page's path is
   * shared's quotePath (a test holds them equal) built on this entry: naming MY_QUOTES_PATH twice
   * here kept the build from writing any of the shared paths into this table (npm run size).
   */
  myQuotes: MY_QUOTES_PATH,
  quote: (id: string): string => `${paths.myQuotes}/${id}`,
  /** The member's company, or the application for one (docs/behaviour.md §4.18, §4.19). */
  company: COMPANY_PATH,
  /** The company's invoices, payments and balance on its terms, for its admins (docs/behaviour.md §5.23). */
  companyStatement: COMPANY_STATEMENT_PATH,
  /** The page an invitation's link opens: what it invites to, and Accept (§4.19). */
  invitation: invitationPath,
  payment: (orderId: string) => `/dashboard/payments/${orderId}`,
  /** A paid order's receipt, made for printing (docs/behaviour.md §5.16). */
  receipt: (orderId: string) => `/dashboard/orders/${orderId}/receipt`,
  /** One order and its timeline, for its customer and for admins (docs/behaviour.md §5.9). */
  order: (orderId: string) => `/dashboard/orders/${orderId}`,
  allUsers: '/dashboard/all-users',
  allOrders: '/dashboard/all-orders',
  addProduct: '/dashboard/add-products',
  manageProducts: '/dashboard/manage-products',
  editProduct: (id: string) => `/dashboard/edit-product/${id}`,
  stockHistory: (id: string) => `/dashboard/stock-history/${id}`,
  archivedProducts: '/dashboard/archived-products',
  inbox: '/dashboard/inbox',
  auditLog: '/dashboard/audit-log',
  /** Review moderation (docs/behaviour.md §8.10). */
  reviewModeration: '/dashboard/reviews',
  /** The back office's trade accounts, and one company (docs/behaviour.md §4.18, §3.15). */
  companies: '/dashboard/companies',
  companyAdmin: (companyId: string) => `/dashboard/companies/${companyId}`,
  /** The shop's tax registrations and rates (docs/behaviour.md §5.22). */
  tax: '/dashboard/tax',
  /** Social sign-in's last step, often inside its popup (docs/behaviour.md §4.7). */
  authComplete: SOCIAL_SIGN_IN_COMPLETE_PATH,
} as const;

/** A path as the router matches it: a page of one record takes any id (':id'), as app-routes.tsx writes it. */
export const routePattern = (path: string | ((id: string) => string)): string =>
  typeof path === 'function' ? path(':id') : path;
