import { copy } from '@shop/shared/copy';
import { usePageTitle } from '@/components/ui/use-page-title';

/** /dashboard itself: a placeholder line beside the side menu (docs/behaviour.md §3.2). */
export function DashboardHome() {
  usePageTitle('Dashboard');
  return <p className="text-lg">{copy.dashboardPlaceholder}</p>;
}
