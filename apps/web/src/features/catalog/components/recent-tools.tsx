import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { QueryList } from '@/components/ui/query-list';
import { paths } from '@/config/paths';
import { useTools } from '../api/get-tools';
import { recentTools } from '../lib/recent-tools';
import { ToolCard } from './tool-card';

/** Home: the recently manufactured tools and a way to the whole catalogue. */
export function RecentTools() {
  const tools = useTools();
  return (
    <section aria-labelledby="recent-tools-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="recent-tools-heading" className="text-primary mb-8 text-center text-3xl font-bold">
        Recently Manufactured Tools
      </h2>
      <QueryList
        query={tools}
        loadingLabel="Loading tools"
        empty={<p className="text-center">No tools yet: our workshop is restocking.</p>}
      >
        {(items) => (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {recentTools(items).map((tool) => (
              <li key={tool.id} className="flex">
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <div className="mt-10 flex justify-center">
        <Link to={paths.products} className="btn btn-primary btn-outline">
          {copy.homeExploreAll}
        </Link>
      </div>
    </section>
  );
}
