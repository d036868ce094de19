import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useIsAdmin } from '@/lib/auth/use-is-admin';

// Each its own chunk: a customer never loads the admin's figures and chart.
const AdminDashboard = lazy(async () => ({
  default: (await import('@/features/dashboard/components/admin-dashboard')).AdminDashboard,
}));
const CustomerDashboard = lazy(async () => ({
  default: (await import('@/features/dashboard/components/customer-dashboard')).CustomerDashboard,
}));

/**
 * /dashboard itself: the shop's figures for an admin, one's open orders for a customer
 * (docs/behaviour.md §8.1; the spec's placeholder line gave way, decision 0032).
 */
export function DashboardHome() {
  const { isAdmin, isLoading } = useIsAdmin();
  const loading = <Spinner label="Loading your dashboard" />;
  if (isLoading) return loading;
  // Here rather than the whole app's: the dashboard's menu stays while the chunk loads.
  return <Suspense fallback={loading}>{isAdmin ? <AdminDashboard /> : <CustomerDashboard />}</Suspense>;
}
