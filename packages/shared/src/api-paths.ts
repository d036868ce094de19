/**
 * Every API path, relative to `/api`, as the spec's section 7 names them (plus our account
 * routes). The API registers these; the web app's fetchers call them.
 */
export const apiPaths = {
  health: '/health',
  signUp: '/account',
  session: '/session',
  recordUser: (email: string) => `/user/${encodeURIComponent(email)}`,
  adminFlag: (email: string) => `/admin/${encodeURIComponent(email)}`,
  tools: '/tool',
  tool: (id: string) => `/tool/${encodeURIComponent(id)}`,
  deleteTool: (id: string) => `/delete-tool/${encodeURIComponent(id)}`,
  orders: '/order',
  order: (id: string) => `/order/${encodeURIComponent(id)}`,
  myOrders: (email: string) => `/my-order?email=${encodeURIComponent(email)}`,
  shipOrder: (id: string) => `/shipping-order/${encodeURIComponent(id)}`,
  createPaymentIntent: '/create-payment-intent',
  paymentsConfig: '/payments/config',
  demoConfirmPayment: '/payments/demo/confirm',
  stripeWebhook: '/stripe/webhook',
  users: '/user',
  makeAdmin: (email: string) => `/user/admin/${encodeURIComponent(email)}`,
  currentUser: (email: string) => `/current-user?email=${encodeURIComponent(email)}`,
  updateCurrentUser: (email: string) => `/current-user/${encodeURIComponent(email)}`,
  reviews: '/review',
  upload: '/upload',
  socialProviders: '/auth/providers',
  socialStart: (mode: 'popup' | 'redirect', returnTo: string) =>
    `/auth/social/start?mode=${mode}&returnTo=${encodeURIComponent(returnTo)}`,
  socialSessionExchange: '/session/exchange',
} as const;
