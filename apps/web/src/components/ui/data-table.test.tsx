import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BreakableEmail } from './breakable-email';
import { DataTable, type Column } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
  paid: boolean;
}

const people: Person[] = [
  { id: 'p1', name: 'Cara', email: 'cara.long@shop.test', paid: false },
  { id: 'p2', name: 'Dan', email: 'dan@shop.test', paid: true },
];

const columns = (onPay: (person: Person) => void): Column<Person>[] => [
  { header: 'Name', cell: (person) => person.name, card: 'title' },
  { header: 'Email', cell: (person) => <BreakableEmail email={person.email} /> },
  { header: 'Receipt', cell: (person) => (person.paid ? 'r-1' : '') },
  {
    header: 'Actions',
    hideHeader: true,
    card: 'actions',
    cell: (person) =>
      person.paid ? null : (
        <button type="button" className="btn btn-sm" onClick={() => onPay(person)}>
          Pay
        </button>
      ),
  },
];

/** What matchMedia answers for every query: true stands for a phone-width window. */
function windowIsPhone(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) satisfies MediaQueryList,
  );
}

const renderPeople = (onPay = vi.fn()) =>
  render(<DataTable label="People" columns={columns(onPay)} rows={people} rowKey={(p) => p.id} />);

describe('DataTable', () => {
  it('on a wide screen is a table: numbered rows, every header, hidden ones for screen readers', () => {
    windowIsPhone(false);
    renderPeople();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Number', 'Name', 'Email', 'Receipt', 'Actions']);
    const [, first] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('1');
    expect(within(first!).getByRole('cell', { name: 'cara.long@shop.test' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('on a phone is a list of cards: a heading, label/value pairs and the buttons at the foot', async () => {
    windowIsPhone(true);
    const onPay = vi.fn();
    renderPeople(onPay);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const [cara, dan] = cards as [HTMLElement, HTMLElement];
    expect(within(cara).getByRole('heading', { level: 3 })).toHaveTextContent('1.Cara');
    const pairs = (card: HTMLElement) =>
      Array.from(card.querySelectorAll('dt')).map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]);
    // An empty value (no receipt yet) leaves its label out rather than show a bare label.
    expect(pairs(cara)).toEqual([['Email', 'cara.long@shop.test']]);
    expect(pairs(dan)).toEqual([
      ['Email', 'dan@shop.test'],
      ['Receipt', 'r-1'],
    ]);

    await userEvent.click(within(cara).getByRole('button', { name: 'Pay' }));
    expect(onPay).toHaveBeenCalledWith(people[0]);
    expect(within(dan).queryByRole('button')).not.toBeInTheDocument();
  });

  it('breaks an e-mail address only after its @ and dots', () => {
    const { container } = render(<BreakableEmail email="cara.long@shop.test" />);
    expect(container.innerHTML).toBe('cara.<wbr>long@<wbr>shop.<wbr>test');
  });
});
