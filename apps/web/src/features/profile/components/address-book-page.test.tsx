import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { anAddress, aProfile, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const home = anAddress();
const site = anAddress({
  _id: 'a2',
  name: 'Site office',
  company: null,
  line1: '9 Scaffold Way',
  city: 'York',
  postalCode: 'YO1 7HH',
  isDefault: false,
});

describe('the address book (docs/behaviour.md §4.15)', () => {
  it('opens from My Profile and lists the addresses, the default first and marked', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: customer.email }, body: aProfile() },
      'GET /address': { body: [home, site] },
    });
    const { router } = renderApp('/dashboard/my-profile');
    await user.click(await screen.findByRole('link', { name: 'Manage addresses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile/addresses'));

    const list = await screen.findByRole('list', { name: 'Your addresses' });
    const cards = within(list).getAllByRole('article');
    expect(cards[0]).toHaveAccessibleName('Cara Customer, 1 Easel Street');
    expect(within(cards[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(cards[0]!).queryByRole('button', { name: /Make default/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Default')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Make default Site office, 9 Scaffold Way' }));
    await waitFor(() => expect(document.title).toBe('Address book · Brushworks'));
  });

  it('adds an address: the API’s own rules first, then its field problems at their fields', async () => {
    const user = userEvent.setup();
    let added = false;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /address': { answer: () => ({ body: added ? [home] : [] }) },
      'POST /address': {
        answer: ({ body }) => {
          if (body.postalCode === '???') {
            return invalidInput({ field: 'postalCode', message: 'Enter a postal code we can deliver to' });
          }
          added = true;
          return { status: 201, body: home };
        },
      },
    });
    renderApp('/dashboard/my-profile/addresses');
    expect(await screen.findByText(/You have no saved addresses yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an address' });
    const form = within(dialog);
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Address line 1 is required')).toBeInTheDocument();
    expect(form.getByText('Choose a country from the list')).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.route === 'POST /address')).toBe(false);

    await user.type(form.getByLabelText('Name'), 'Cara Customer');
    await user.type(form.getByLabelText('Address line 1'), '1 Easel Street');
    await user.type(form.getByLabelText('City'), 'Leeds');
    await user.type(form.getByLabelText('Postal code'), '???');
    await user.selectOptions(form.getByLabelText('Country'), 'United Kingdom');
    await user.type(form.getByLabelText('Phone'), '+44 113 496 0000');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Enter a postal code we can deliver to')).toBeInTheDocument();

    await user.clear(form.getByLabelText('Postal code'));
    await user.type(form.getByLabelText('Postal code'), 'LS1 4AB');
    await user.click(form.getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(form.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.route === 'POST /address').at(-1)?.body).toEqual({
      name: 'Cara Customer',
      company: null,
      line1: '1 Easel Street',
      line2: null,
      city: 'Leeds',
      region: null,
      postalCode: 'LS1 4AB',
      country: 'GB',
      phone: '+44 113 496 0000',
      isDefault: true,
    });
    expect(await screen.findByRole('article', { name: 'Cara Customer, 1 Easel Street' })).toBeInTheDocument();
  });

  it('makes another address the default', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /address': { body: [home, site] },
      'PATCH /address/:id': { params: { id: 'a2' }, body: { ...site, isDefault: true } },
    });
    renderApp('/dashboard/my-profile/addresses');
    await user.click(await screen.findByRole('button', { name: 'Make default Site office, 9 Scaffold Way' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'PATCH /address/:id')?.body).toEqual({
        isDefault: true,
      }),
    );
  });

  it('edits an address with its saved values', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /address': { body: [home] },
      'PATCH /address/:id': { params: { id: 'a1' }, body: { ...home, city: 'Bradford' } },
    });
    renderApp('/dashboard/my-profile/addresses');
    await user.click(await screen.findByRole('button', { name: 'Edit Cara Customer, 1 Easel Street' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit address' }));
    expect(form.getByLabelText('Country')).toHaveValue('GB');
    await user.clear(form.getByLabelText('City'));
    await user.type(form.getByLabelText('City'), 'Bradford');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.route === 'PATCH /address/:id')?.body).toMatchObject({
      city: 'Bradford',
      line1: '1 Easel Street',
    });
  });

  it('deletes an address only after asking', async () => {
    const user = userEvent.setup();
    let isDeleted = false;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /address': { answer: () => ({ body: isDeleted ? [home] : [home, site] }) },
      'DELETE /address/:id': {
        params: { id: 'a2' },
        answer: () => {
          isDeleted = true;
          return { body: { deletedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/my-profile/addresses');
    await user.click(await screen.findByRole('button', { name: 'Delete Site office, 9 Scaffold Way' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('Site office, 9 Scaffold Way, York YO1 7HH, United Kingdom');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some((call) => call.route === 'DELETE /address/:id')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Site office, 9 Scaffold Way' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this address?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Site office, 9 Scaffold Way' })).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((call) => call.route === 'DELETE /address/:id')).toHaveLength(1);
  });
});
