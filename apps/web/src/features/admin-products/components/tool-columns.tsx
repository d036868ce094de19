import type { Column } from '@/components/ui/data-table';
import type { Tool } from '@/lib/domain/tool';

/**
 * The first two columns of every admin table of tools (Manage Products, Archived Products): a
 * thumbnail, which is the card's picture on a phone, and the name, which is the card's title.
 */
export function toolIdentityColumns<Row extends Tool>(): Column<Row>[] {
  return [
    {
      header: 'Image',
      card: 'media',
      cell: (tool) => (
        <img
          src={tool.imageUrl}
          // The name is in the next cell; repeating it here would only be heard twice.
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-12 w-12 shrink-0 rounded object-cover"
        />
      ),
    },
    { header: 'Name', cell: (tool) => tool.name, card: 'title' },
    { header: 'SKU', cell: (tool) => tool.sku, className: 'font-mono' },
  ];
}
