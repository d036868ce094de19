import { copy } from '@shop/shared/copy';
import { QueryList } from '@/components/ui/query-list';
import { pageTitles } from '@/config/page-titles';
import { usePageTitle } from '@/components/ui/use-page-title';
import { useTools } from '../api/get-tools';
import { ToolCard } from './tool-card';

/** /all-products: every tool as a card (docs/behaviour.md §3.6). */
export function ProductsPage() {
  usePageTitle(pageTitles.products);
  const tools = useTools();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-primary mb-8 text-center text-3xl font-bold sm:text-4xl">{copy.productsHeading}</h1>
      <QueryList
        query={tools}
        loadingLabel="Loading tools"
        empty={<p className="text-center text-lg">No tools in stock right now. Please check back soon.</p>}
      >
        {(items) => (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((tool) => (
              <li key={tool.id} className="flex">
                <ToolCard tool={tool} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
