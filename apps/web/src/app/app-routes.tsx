import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireAdmin, RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found-page';

/**
 * Each page is its own chunk, loaded when its route is first visited, so the home page loads
 * only what it needs. Declarative routes, not the data router: we fetch with TanStack Query,
 * and the data router alone would cost ~17 KB gzip, against the home page's 100 kB budget
 * (docs/decisions/0009-declarative-router.md).
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = page(() => import('./home-page'), 'HomePage');
const BlogsPage = page(() => import('@/features/blogs/components/blogs-page'), 'BlogsPage');
const ContactPage = page(() => import('@/features/contact/components/contact-page'), 'ContactPage');
const LoginPage = page(() => import('@/features/auth/components/login-page'), 'LoginPage');
const SignupPage = page(() => import('@/features/auth/components/signup-page'), 'SignupPage');
const ForgotPasswordPage = page(
  () => import('@/features/account-recovery/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('@/features/account-recovery/components/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyEmailPage = page(
  () => import('@/features/account-recovery/components/verify-email-page'),
  'VerifyEmailPage',
);
const ProductsPage = page(() => import('@/features/catalog/components/products-page'), 'ProductsPage');
const ProductPage = lazy(async () => ({
  default: (await import('@/features/catalog/components/product-page')).ProductPage,
}));
const PurchasePage = page(() => import('@/features/purchase/components/purchase-page'), 'PurchasePage');
const CartPage = page(() => import('@/features/cart/components/cart-page'), 'CartPage');
const CheckoutPage = page(() => import('@/features/cart/components/checkout-page'), 'CheckoutPage');
const QuickOrderPage = page(
  () => import('@/features/quick-order/components/quick-order-page'),
  'QuickOrderPage',
);
const DashboardLayout = page(() => import('./layouts/dashboard-layout'), 'DashboardLayout');
const DashboardHome = page(() => import('./dashboard-home'), 'DashboardHome');
const MyProfilePage = page(() => import('@/features/profile/components/my-profile-page'), 'MyProfilePage');
const AddressBookPage = page(
  () => import('@/features/profile/components/address-book-page'),
  'AddressBookPage',
);
const MyOrdersPage = page(() => import('@/features/orders/components/my-orders-page'), 'MyOrdersPage');
const OrderPage = page(() => import('@/features/orders/components/order-page'), 'OrderPage');
const SavedListsPage = page(
  () => import('@/features/saved-lists/components/saved-lists-page'),
  'SavedListsPage',
);
const SavedListPage = page(
  () => import('@/features/saved-lists/components/saved-list-page'),
  'SavedListPage',
);
const AddReviewPage = page(() => import('@/features/reviews/components/add-review-page'), 'AddReviewPage');
const PaymentPage = page(() => import('@/features/payments/components/payment-page'), 'PaymentPage');
const MakeAdminPage = page(
  () => import('@/features/admin-users/components/make-admin-page'),
  'MakeAdminPage',
);
const TotalOrdersPage = page(
  () => import('@/features/admin-orders/components/total-orders-page'),
  'TotalOrdersPage',
);
const AddProductPage = page(
  () => import('@/features/admin-products/components/add-product-page'),
  'AddProductPage',
);
const ManageProductsPage = page(
  () => import('@/features/admin-products/components/manage-products-page'),
  'ManageProductsPage',
);
const EditProductPage = page(
  () => import('@/features/admin-products/components/edit-product-page'),
  'EditProductPage',
);
const StockHistoryPage = page(
  () => import('@/features/admin-products/components/stock-history-page'),
  'StockHistoryPage',
);
const ArchivedProductsPage = page(
  () => import('@/features/admin-products/components/archived-products-page'),
  'ArchivedProductsPage',
);
const ReceiptPage = page(() => import('@/features/receipts/components/receipt-page'), 'ReceiptPage');
const InboxPage = page(() => import('@/features/admin-inbox/components/inbox-page'), 'InboxPage');
const AuditLogPage = page(() => import('@/features/admin-audit/components/audit-log-page'), 'AuditLogPage');
const ReviewModerationPage = page(
  () => import('@/features/reviews/components/review-moderation-page'),
  'ReviewModerationPage',
);
const tradeAccountPages = () => import('./trade-account-pages');
const CompanyPage = page(tradeAccountPages, 'CompanyPage');
const CompanyStatementPage = page(tradeAccountPages, 'CompanyStatementPage');
const InvitationPage = page(tradeAccountPages, 'InvitationPage');
const CompaniesAdmin = page(tradeAccountPages, 'CompaniesAdmin');
const TaxPage = page(tradeAccountPages, 'TaxPage');
const Quotes = page(() => import('./quote-pages'), 'Quotes');
const AuthCompletePage = page(() => import('./auth-complete-page'), 'AuthCompletePage');

const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const adminOnly = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;

/**
 * The route table of docs/behaviour.md §2.1; /all-products is public (§12.12), and so is the
 * product page /tools/{id} (§3.5). Every path comes from config/paths.ts, which the server's
 * renderer reads too (`isAppPath`, entry-server.tsx): the two cannot drift apart. A page of one
 * record matches any id (':id'). The dashboard's pages nest under its layout with their whole
 * paths, which the router accepts as they start with the layout's.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Routes>
        <Route element={<RootLayout />}>
          {/* paths.home, '/': the index of the layout, which has no path of its own. */}
          <Route index element={<HomePage />} />
          <Route path={paths.blogs} element={<BlogsPage />} />
          <Route path={paths.contact} element={<ContactPage />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.signup} element={<SignupPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={paths.products} element={<ProductsPage />} />
          {/* A tool that does not exist is the Not found page (the server sends it with 404). */}
          <Route path={paths.product(':id')} element={<ProductPage notFound={<NotFoundPage />} />} />
          <Route path={paths.purchase(':id')} element={signedIn(<PurchasePage />)} />
          <Route path={paths.cart} element={signedIn(<CartPage />)} />
          <Route path={paths.checkout} element={signedIn(<CheckoutPage />)} />
          <Route path={paths.quickOrder} element={signedIn(<QuickOrderPage />)} />
          {/* Public: the invitation says what it is before asking the invited person to sign in. */}
          <Route path={paths.invitation(':token')} element={<InvitationPage />} />
          <Route path={paths.dashboard} element={signedIn(<DashboardLayout />)}>
            <Route index element={<DashboardHome />} />
            <Route path={paths.myProfile} element={<MyProfilePage />} />
            <Route path={paths.addressBook} element={<AddressBookPage />} />
            <Route path={paths.myOrders} element={<MyOrdersPage />} />
            {/* A buyer's quotes, or every quote for the shop's admins (quote-pages.tsx). */}
            <Route path={paths.quote(':id?')} element={<Quotes />} />
            <Route path={paths.savedLists} element={<SavedListsPage />} />
            <Route path={paths.savedList(':id')} element={<SavedListPage />} />
            <Route path={paths.myReviews} element={<AddReviewPage />} />
            <Route path={paths.company} element={<CompanyPage />} />
            <Route path={paths.companyStatement} element={<CompanyStatementPage />} />
            <Route path={paths.payment(':id')} element={<PaymentPage />} />
            <Route path={paths.receipt(':id')} element={<ReceiptPage />} />
            <Route path={paths.order(':id')} element={<OrderPage />} />
            <Route path={paths.allUsers} element={adminOnly(<MakeAdminPage />)} />
            <Route path={paths.allOrders} element={adminOnly(<TotalOrdersPage />)} />
            <Route path={paths.companyAdmin(':id?')} element={adminOnly(<CompaniesAdmin />)} />
            <Route path={paths.tax} element={adminOnly(<TaxPage />)} />
            <Route path={paths.addProduct} element={adminOnly(<AddProductPage />)} />
            <Route path={paths.manageProducts} element={adminOnly(<ManageProductsPage />)} />
            <Route path={paths.editProduct(':id')} element={adminOnly(<EditProductPage />)} />
            <Route path={paths.stockHistory(':id')} element={adminOnly(<StockHistoryPage />)} />
            <Route path={paths.archivedProducts} element={adminOnly(<ArchivedProductsPage />)} />
            <Route path={paths.inbox} element={adminOnly(<InboxPage />)} />
            <Route path={paths.auditLog} element={adminOnly(<AuditLogPage />)} />
            <Route path={paths.reviewModeration} element={adminOnly(<ReviewModerationPage />)} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* Social sign-in's last step, often inside the popup: no navigation bar. */}
        <Route path={paths.authComplete} element={<AuthCompletePage />} />
      </Routes>
    </Suspense>
  );
}
