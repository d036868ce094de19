import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaxRegistration } from '@shop/shared/contracts/tax';
import { mockApi } from '@/test/fetch-mock';
import { aTaxRegistration, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, customer, signedInAs } from '@/test/signed-in';

const california = aTaxRegistration();
const germany = aTaxRegistration({ id: 'tr2', country: 'DE', region: null, label: 'VAT', rate: 19 });
const oregon = aTaxRegistration({ id: 'tr3', region: 'OR', rate: 0, taxesShipping: false });

/** The admin on the Tax page with these registrations. */
const taxPage = (registrations: TaxRegistration[] = [california, germany, oregon]) =>
  mockApi({ ...signedInAs(admin), 'GET /tax-registration': { body: registrations } });

const rowOf = async (place: string) =>
  (await screen.findByRole('button', { name: `Edit the registration for ${place}` })).closest('tr')!;

describe('the Tax page (docs/behaviour.md §5.22)', () => {
  it('lists the registrations with place, name, rate and whether shipping is taxed; the menu links it', async () => {
    taxPage();
    renderApp('/dashboard/tax');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tax' })).toBeInTheDocument();
    expect(
      screen.getByText('Orders shipped where the shop has no registration are not taxed, and say so.'),
    ).toBeInTheDocument();
    const table = within(await screen.findByRole('region', { name: 'Tax registrations' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent)),
    ).toEqual([
      ['US-CA', 'Sales tax', '7.25 %', 'Yes'],
      ['Germany (DE)', 'VAT', '19 %', 'Yes'],
      ['US-OR', 'Sales tax', '0 %', 'No'],
    ]);
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Tax' }),
    ).toHaveAttribute('href', '/dashboard/tax');
  });

  it('says when the shop has no registration', async () => {
    taxPage([]);
    renderApp('/dashboard/tax');
    expect(await screen.findByText('No registrations yet: no order is taxed.')).toBeInTheDocument();
  });

  it("adds one: the rules are said before sending, the API's refusals beside the form", async () => {
    const user = userEvent.setup();
    const newYork = aTaxRegistration({ id: 'tr4', region: 'NY', rate: 8.875 });
    let posts = 0;
    mockApi({
      ...signedInAs(admin),
      'GET /tax-registration': { answer: () => ({ body: posts < 3 ? [california] : [california, newYork] }) },
      'POST /tax-registration': {
        answer: () => {
          posts += 1;
          if (posts === 1) {
            return {
              status: 409,
              body: { code: 'conflict', message: 'The shop is registered in US-NY already: change that one' },
            };
          }
          if (posts === 2) return invalidInput({ field: 'rate', message: 'Rate has at most 4 decimals' });
          return { status: 201, body: newYork };
        },
      },
    });
    renderApp('/dashboard/tax');
    const form = within(await screen.findByRole('form', { name: 'Add a registration' }));
    expect(form.getByRole('checkbox', { name: 'Tax shipping too' })).toBeChecked();

    await user.click(form.getByRole('button', { name: 'Add registration' }));
    expect(await form.findByText('Choose a country from the list')).toBeInTheDocument();
    expect(form.getByText('Name the tax, such as Sales tax or VAT')).toBeInTheDocument();
    expect(form.getByText('Rate is required')).toBeInTheDocument();

    await user.selectOptions(form.getByLabelText('Country'), 'United States');
    await user.type(form.getByLabelText('Region (optional)'), 'ny');
    await user.type(form.getByLabelText('Tax name'), 'Sales tax');
    await user.type(form.getByLabelText('Rate (%)'), '8.875');
    await user.click(form.getByRole('button', { name: 'Add registration' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'The shop is registered in US-NY already: change that one',
    );

    await user.click(form.getByRole('button', { name: 'Add registration' }));
    expect(await form.findByText('Rate has at most 4 decimals')).toBeInTheDocument();
    expect(form.getByLabelText('Rate (%)')).toHaveAccessibleDescription(
      /In percent, up to 4 decimals.*Rate has at most 4 decimals/,
    );

    await user.click(form.getByRole('button', { name: 'Add registration' }));
    expect(await screen.findByText('Registration added for US-NY')).toBeInTheDocument();
    expect(await rowOf('US-NY')).toHaveTextContent('8.875 %');
    // The form is empty again, shipping checked.
    expect(form.getByLabelText('Tax name')).toHaveValue('');
    expect(form.getByRole('checkbox', { name: 'Tax shipping too' })).toBeChecked();
  });

  it('sends what was typed, as the API reads it', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tax-registration': { body: [] },
      'POST /tax-registration': { status: 201, body: germany },
    });
    renderApp('/dashboard/tax');
    const form = within(await screen.findByRole('form', { name: 'Add a registration' }));
    await user.selectOptions(form.getByLabelText('Country'), 'DE');
    await user.type(form.getByLabelText('Tax name'), 'VAT');
    await user.type(form.getByLabelText('Rate (%)'), '19');
    await user.click(form.getByRole('checkbox', { name: 'Tax shipping too' }));
    await user.click(form.getByRole('button', { name: 'Add registration' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'POST /tax-registration')?.body).toEqual({
        country: 'DE',
        region: null,
        label: 'VAT',
        rate: 19,
        taxesShipping: false,
      }),
    );
  });

  it("edits a registration's rate, name and shipping in a dialog", async () => {
    const user = userEvent.setup();
    let saved = california;
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tax-registration': { answer: () => ({ body: [saved] }) },
      'PATCH /tax-registration/:id': {
        params: { id: 'tr1' },
        answer: ({ body }) => {
          saved = { ...california, ...body };
          return { body: saved };
        },
      },
    });
    renderApp('/dashboard/tax');
    await user.click(await screen.findByRole('button', { name: 'Edit the registration for US-CA' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registration for US-CA' }));
    expect(dialog.getByLabelText('Rate (%)')).toHaveValue(7.25);
    await user.clear(dialog.getByLabelText('Rate (%)'));
    await user.type(dialog.getByLabelText('Rate (%)'), '7.5');
    await user.click(dialog.getByRole('checkbox', { name: 'Tax shipping too' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Registration for US-CA saved')).toBeInTheDocument();
    expect(api.calls.find((call) => call.route === 'PATCH /tax-registration/:id')?.body).toEqual({
      label: 'Sales tax',
      rate: 7.5,
      taxesShipping: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await rowOf('US-CA');
    await waitFor(() => expect(row).toHaveTextContent('7.5 %'));
    expect(row).toHaveTextContent('No');
  });

  it('a refused edit says why inside the dialog, which stays open', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /tax-registration': { body: [california] },
      'PATCH /tax-registration/:id': {
        params: { id: 'tr1' },
        status: 404,
        body: { code: 'not-found', message: 'That registration was ended meanwhile' },
      },
    });
    renderApp('/dashboard/tax');
    await user.click(await screen.findByRole('button', { name: 'Edit the registration for US-CA' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registration for US-CA' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('That registration was ended meanwhile');
  });

  it('ends a registration after asking', async () => {
    const user = userEvent.setup();
    let registrations = [california, germany];
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tax-registration': { answer: () => ({ body: registrations }) },
      'DELETE /tax-registration/:id': {
        params: { id: 'tr2' },
        answer: () => {
          registrations = [california];
          return { body: { deletedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/tax');
    await user.click(await screen.findByRole('button', { name: 'End the registration for Germany (DE)' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'End the registration for Germany (DE)?' }),
    );
    expect(dialog.getByText(/Orders already placed keep their tax/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'End the registration for Germany (DE)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /End the registration/ })).getByRole('button', {
        name: 'End registration',
      }),
    );
    expect(await screen.findByText('Registration for Germany (DE) ended')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/tax-registration/tr2');
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'End the registration for Germany (DE)' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('on a phone, each registration is a card with Edit and End in reach', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) satisfies MediaQueryList,
    );
    taxPage([california]);
    renderApp('/dashboard/tax');
    const cards = within(await screen.findByRole('list', { name: 'Tax registrations' }));
    const [card] = cards.getAllByRole('listitem');
    expect(card).toHaveTextContent('US-CA');
    expect(
      within(card!).getByRole('button', { name: 'Edit the registration for US-CA' }),
    ).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'End the registration for US-CA' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is for the shop’s admins only', async () => {
    const api = mockApi({ ...signedInAs(customer) });
    const { router } = renderApp('/dashboard/tax');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/dashboard/tax'));
    expect(screen.queryByRole('form', { name: 'Add a registration' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.route === 'GET /tax-registration')).toBe(false);
  });
});
