import { copy } from '@shop/shared/copy';
import { usePageTitle } from '@/components/ui/use-page-title';

/** /dashboard itself: the spec's placeholder text beside the side menu. */
export function DashboardHome() {
  usePageTitle('Dashboard');
  return <p className="text-lg">{copy.dashboardPlaceholder}</p>;
}
