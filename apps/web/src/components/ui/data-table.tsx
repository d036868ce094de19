import { Fragment, type ReactNode } from 'react';
import { useMediaQuery } from './use-media-query';

/**
 * Where a column goes in the phone's card: its heading (`title`), a picture beside the heading
 * (`media`), a label/value pair (`pair`, the default) or the full-width buttons at its foot
 * (`actions`).
 */
type CardPlace = 'title' | 'media' | 'pair' | 'actions';

export interface Column<Row> {
  /** The column header in the table, and the value's label in the card. */
  header: string;
  /** The header is read by screen readers only (a picture, the row's buttons). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Classes for the table cell. */
  className?: string;
  card?: CardPlace;
}

interface DataTableProps<Row> {
  /** Names the table (and the list of cards) for assistive technology. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

/** Tailwind's `md` breakpoint: below it, a table of six or seven columns no longer fits. */
const PHONE_QUERY = '(width < 48rem)';

/**
 * The dashboard's lists (My Orders, Manage Products, Total Orders, Make Admin; docs/behaviour.md
 * §5.7, §4.16, §5.15, §3.9). From `md` up, a table whose first column numbers the rows. Below
 * it each row becomes a card, so that on a phone every button is in reach without scrolling
 * sideways. Only one of the two is rendered: a hidden copy would repeat every button for
 * assistive technology.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  return isPhone ? <CardList {...props} /> : <Table {...props} />;
}

function Table<Row>({ label, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    // Focusable and labelled, so that a keyboard can scroll it sideways when it is still too
    // wide (between `md` and `lg`) even if no cell holds a button (WCAG 2.1.1).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="table-zebra table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Number</span>
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
              <th scope="row">{index + 1}</th>
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.card === 'actions' ? (
                    <div className="flex gap-2">{column.cell(row)}</div>
                  ) : (
                    column.cell(row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false;

function CardList<Row>({ label, columns, rows, rowKey }: DataTableProps<Row>) {
  const placed = (place: CardPlace) => columns.filter((column) => (column.card ?? 'pair') === place);
  const [media, titles, pairs, actions] = [
    placed('media'),
    placed('title'),
    placed('pair'),
    placed('actions'),
  ];
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {rows.map((row, index) => {
        const values = pairs
          .map((column) => ({ column, value: column.cell(row) }))
          .filter(({ value }) => !isEmpty(value));
        const buttons = actions.map((column) => column.cell(row)).filter((value) => !isEmpty(value));
        return (
          <li key={rowKey(row)} className="card border-base-300 bg-base-100 border shadow-sm">
            <div className="card-body gap-3 p-4">
              <div className="flex items-center gap-3">
                {media.map((column) => (
                  <Fragment key={column.header}>{column.cell(row)}</Fragment>
                ))}
                <h3 className="min-w-0 text-base font-semibold">
                  <span className="text-base-content/70 mr-1 font-normal">{index + 1}.</span>
                  {titles.map((column) => (
                    <Fragment key={column.header}>{column.cell(row)}</Fragment>
                  ))}
                </h3>
              </div>
              {values.length > 0 && (
                <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                  {values.map(({ column, value }) => (
                    <Fragment key={column.header}>
                      <dt className="font-semibold">{column.header}</dt>
                      <dd className={column.className}>{value}</dd>
                    </Fragment>
                  ))}
                </dl>
              )}
              {buttons.length > 0 && (
                // Full width and full height at the card's foot: a thumb-sized target (WCAG 2.5.8).
                <div className="flex flex-col gap-2 [&_.btn]:h-11 [&_.btn]:w-full [&_.btn]:text-sm">
                  {buttons.map((value, key) => (
                    <Fragment key={key}>{value}</Fragment>
                  ))}
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
