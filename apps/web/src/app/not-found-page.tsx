import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { usePageTitle } from '@/components/ui/use-page-title';
import { pageTitles } from '@/config/page-titles';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  usePageTitle(pageTitles.notFound);
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-4xl font-bold">{copy.notFound}</h1>
      <Link to={paths.home} className="btn btn-primary">
        {copy.backHome}
      </Link>
    </section>
  );
}
