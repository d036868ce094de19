import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Company, ContractPrice } from '@shop/shared/contracts/companies';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aCompany, aMember, aResaleCertificate, aStatement, aTool, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const approved = aCompany();
const application = aCompany({ state: 'pending', decidedAt: null, memberCount: 0 });

const cara = aMember();
const dan = aMember({
  userId: 'u2',
  name: 'Dan Decorator',
  email: 'dan@shop.test',
  role: 'buyer',
  orderLimit: 500,
  joinedAt: '2026-01-05T12:00:00.000Z',
});

/** $4.00 list, 100 at least per order (the fixture); and a roller at $6.00, 10 at least. */
const brush = aTool();
const roller = aTool({ _id: 't2', name: 'Foam Roller', sku: 'RL-10', perPartsPrice: 6, orderQuantity: 10 });

const brushContract: ContractPrice = {
  toolId: 't1',
  sku: 'BR-50A',
  toolName: 'Angled Sash Brush',
  listPrice: 4,
  unitPrice: 3.5,
  priceBreaks: [
    { fromQuantity: 500, unitPrice: 3.25 },
    { fromQuantity: 1000, unitPrice: 3 },
  ],
  updatedAt: '2026-01-04T12:00:00.000Z',
};

/**
 * The routes of an approved company's page: the company, its members, its prices, the catalogue,
 * and its statement (no invoices).
 */
const companyPage = (company: Company = approved, prices: ContractPrice[] = [brushContract]) =>
  ({
    ...signedInAs(admin),
    'GET /company/:id': { params: { id: company.id }, body: company },
    'GET /company/:id/member': { params: { id: company.id }, body: [cara, dan] },
    'GET /company/:id/price': { params: { id: company.id }, body: prices },
    'GET /company/:id/resale-certificate': { params: { id: company.id }, body: [] },
    'GET /company/:id/statement': {
      params: { id: company.id },
      body: aStatement({ terms: null, balance: 0, creditAvailable: 0, invoices: [], payments: [] }),
    },
    'GET /tool': { body: [brush, roller] },
  }) satisfies RouteMocks;

const memberRow = async (name: string) =>
  (await screen.findByRole('button', { name: `Save ${name}` })).closest('tr')!;

describe('A company in the back office', () => {
  it("shows an application's details, with Approve and Decline and no members or prices yet", async () => {
    mockApi({ ...signedInAs(admin), 'GET /company/:id': { params: { id: 'c1' }, body: application } });
    renderApp('/dashboard/companies/c1');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Harbour Decorators Ltd' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Harbour Decorators Ltd');
    const details = screen.getByText('Tax number').closest('dl')!;
    expect(within(details).getByText('GB123456789')).toBeInTheDocument();
    expect(within(details).getByText('4 Dock Road')).toBeInTheDocument();
    expect(within(details).getByText('HU1 2AB', { exact: false })).toBeInTheDocument();
    expect(within(details).getByText('$1,000 to $5,000')).toBeInTheDocument();
    expect(within(details).getByText('cara@shop.test')).toBeInTheDocument();
    expect(within(details).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contract prices' })).not.toBeInTheDocument();
  });

  it('Approve sends the decision, says so, and the company shows its members and prices', async () => {
    const user = userEvent.setup();
    let company = application;
    const api = mockApi({
      ...companyPage(),
      'GET /company/:id': { params: { id: 'c1' }, answer: () => ({ body: company }) },
      'PATCH /company/:id': {
        params: { id: 'c1' },
        answer: () => {
          company = approved;
          return { body: company };
        },
      },
    });
    renderApp('/dashboard/companies/c1');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Trade account approved')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/company/c1',
      body: { decision: 'approve' },
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Contract prices' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('a decision already made elsewhere: the API’s 409 message is a toast', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /company/:id': { params: { id: 'c1' }, body: application },
      'PATCH /company/:id': {
        params: { id: 'c1' },
        status: 409,
        body: { code: 'conflict', message: 'This application was decided already' },
      },
    });
    renderApp('/dashboard/companies/c1');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This application was decided already')).toBeInTheDocument();
    expect(screen.queryByText('Trade account approved')).not.toBeInTheDocument();
  });

  it('Decline needs a reason, then sends it and says so', async () => {
    const user = userEvent.setup();
    let company = application;
    const api = mockApi({
      ...signedInAs(admin),
      'GET /company/:id': { params: { id: 'c1' }, answer: () => ({ body: company }) },
      'PATCH /company/:id': {
        params: { id: 'c1' },
        answer: () => {
          company = {
            ...application,
            state: 'declined',
            declineReason: 'We could not verify the tax number',
          };
          return { body: company };
        },
      },
    });
    renderApp('/dashboard/companies/c1');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Harbour Decorators Ltd' });

    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give a reason of at least 3 characters',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      /Give a reason of at least 3 characters/,
    );
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'We could not verify the tax number',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));

    expect(await screen.findByText('Application declined')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      decision: 'decline',
      reason: 'We could not verify the tax number',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('We could not verify the tax number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('a reason the API refuses: its message shows at Reason', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /company/:id': { params: { id: 'c1' }, body: application },
      'PATCH /company/:id': {
        params: { id: 'c1' },
        ...invalidInput({ field: 'reason', message: 'A reason cannot hold control characters' }),
      },
    });
    renderApp('/dashboard/companies/c1');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Harbour Decorators Ltd' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Not a trade business');
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A reason cannot hold control characters',
    );
    expect(screen.queryByText('Application declined')).not.toBeInTheDocument();
  });

  it('a declined company shows the reason and no decision to make', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /company/:id': {
        params: { id: 'c1' },
        body: { ...application, state: 'declined', declineReason: 'Not a trade business' },
      },
    });
    renderApp('/dashboard/companies/c1');
    expect(await screen.findByText('Not a trade business')).toBeInTheDocument();
    expect(screen.getByText('Decline reason')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
  });

  describe('members', () => {
    it('lists each member with role, limit and joined date', async () => {
      mockApi(companyPage());
      renderApp('/dashboard/companies/c1');
      const row = await memberRow('Dan Decorator');
      expect(within(row).getByText('dan@shop.test')).toBeInTheDocument();
      expect(within(row).getByRole('combobox', { name: 'Role of Dan Decorator' })).toHaveValue('buyer');
      expect(within(row).getByRole('spinbutton', { name: 'Order limit of Dan Decorator ($)' })).toHaveValue(
        500,
      );
      expect(within(row).getByText('Now: $500')).toBeInTheDocument();
      expect(within(row).getByText('Jan 5, 2026')).toBeInTheDocument();
      expect(within(await memberRow('Cara Customer')).getByText('Now: No limit')).toBeInTheDocument();
    });

    it("Save sends the member's role and limit; an empty limit is none", async () => {
      const user = userEvent.setup();
      const api = mockApi({
        ...companyPage(),
        'PATCH /company/:id/member/:userId': {
          params: { id: 'c1', userId: 'u2' },
          answer: () => ({ body: { ...dan, role: 'viewer', orderLimit: null } }),
        },
      });
      renderApp('/dashboard/companies/c1');
      const row = await memberRow('Dan Decorator');
      await user.selectOptions(
        within(row).getByRole('combobox', { name: 'Role of Dan Decorator' }),
        'viewer',
      );
      await user.clear(within(row).getByRole('spinbutton', { name: 'Order limit of Dan Decorator ($)' }));
      await user.click(within(row).getByRole('button', { name: 'Save Dan Decorator' }));

      expect(await screen.findByText('Dan Decorator’s role and limit saved')).toBeInTheDocument();
      expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
        url: '/api/company/c1/member/u2',
        body: { role: 'viewer', orderLimit: null },
      });
    });

    it('a limit below $1 is refused at its box before sending', async () => {
      const user = userEvent.setup();
      const api = mockApi(companyPage());
      renderApp('/dashboard/companies/c1');
      const row = await memberRow('Dan Decorator');
      const limit = within(row).getByRole('spinbutton', { name: 'Order limit of Dan Decorator ($)' });
      await user.clear(limit);
      await user.type(limit, '0.5');
      await user.click(within(row).getByRole('button', { name: 'Save Dan Decorator' }));

      expect(await within(row).findByRole('alert')).toHaveTextContent('Order limit must be at least $1');
      expect(limit).toHaveAccessibleDescription('Order limit must be at least $1');
      expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    });

    it('removing the last company admin: the API’s 409 message is a toast', async () => {
      const user = userEvent.setup();
      const api = mockApi({
        ...companyPage(),
        'DELETE /company/:id/member/:userId': {
          params: { id: 'c1', userId: 'u1' },
          status: 409,
          body: {
            code: 'conflict',
            message: 'A company keeps at least one admin: make someone else admin first',
          },
        },
      });
      renderApp('/dashboard/companies/c1');
      await user.click(
        within(await memberRow('Cara Customer')).getByRole('button', { name: 'Remove Cara Customer' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Remove Cara Customer from Harbour Decorators Ltd?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));

      expect(
        await screen.findByText('A company keeps at least one admin: make someone else admin first'),
      ).toBeInTheDocument();
      expect(api.calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/company/c1/member/u1');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  describe('contract prices', () => {
    it('lists each with its list price, contract price and breaks', async () => {
      mockApi(companyPage());
      renderApp('/dashboard/companies/c1');
      const table = await screen.findByRole('region', { name: 'Contract prices of Harbour Decorators Ltd' });
      const row = within(table).getByRole('cell', { name: 'Angled Sash Brush' }).closest('tr')!;
      expect(within(row).getByRole('cell', { name: 'BR-50A' })).toBeInTheDocument();
      expect(within(row).getByRole('cell', { name: '$4.00' })).toBeInTheDocument();
      expect(within(row).getByRole('cell', { name: '$3.50' })).toBeInTheDocument();
      expect(within(row).getByRole('cell', { name: '500+ $3.25, 1,000+ $3.00' })).toBeInTheDocument();
    });

    it('setting a contract price sends PUT with the price and its breaks', async () => {
      const user = userEvent.setup();
      const saved: ContractPrice = {
        toolId: 't2',
        sku: 'RL-10',
        toolName: 'Foam Roller',
        listPrice: 6,
        unitPrice: 5.5,
        priceBreaks: [{ fromQuantity: 50, unitPrice: 5 }],
        updatedAt: '2026-01-06T12:00:00.000Z',
      };
      let prices = [brushContract];
      const api = mockApi({
        ...companyPage(),
        'GET /company/:id/price': { params: { id: 'c1' }, answer: () => ({ body: prices }) },
        'PUT /company/:id/price/:toolId': {
          params: { id: 'c1', toolId: 't2' },
          answer: () => {
            prices = [brushContract, saved];
            return { body: saved };
          },
        },
      });
      renderApp('/dashboard/companies/c1');
      const form = (await screen.findByRole('heading', { name: 'Set a contract price' })).closest('section')!;
      await user.selectOptions(
        await within(form).findByRole('combobox', { name: 'Tool' }),
        'Foam Roller (RL-10)',
      );
      expect(within(form).getByText('List price $6.00; minimum order 10.')).toBeInTheDocument();
      await user.type(within(form).getByRole('spinbutton', { name: 'Contract price ($)' }), '5.5');
      await user.click(within(form).getByRole('button', { name: 'Add a price break' }));
      await user.type(within(form).getByRole('spinbutton', { name: 'Break 1: from quantity' }), '50');
      await user.type(within(form).getByRole('spinbutton', { name: 'Break 1: price each ($)' }), '5');
      await user.click(within(form).getByRole('button', { name: 'Save contract price' }));

      expect(await screen.findByText('Contract price saved for Foam Roller')).toBeInTheDocument();
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
        url: '/api/company/c1/price/t2',
        body: { unitPrice: 5.5, priceBreaks: [{ fromQuantity: 50, unitPrice: 5 }] },
      });
      expect(await screen.findByRole('cell', { name: 'Foam Roller' })).toBeInTheDocument();
      expect(within(form).getByRole('combobox', { name: 'Tool' })).toHaveValue('');
    });

    it('choosing a tool with a contract price fills the form in with it', async () => {
      const user = userEvent.setup();
      mockApi(companyPage());
      renderApp('/dashboard/companies/c1');
      const form = (await screen.findByRole('heading', { name: 'Set a contract price' })).closest('section')!;
      await user.selectOptions(
        await within(form).findByRole('combobox', { name: 'Tool' }),
        'Angled Sash Brush (BR-50A)',
      );
      expect(within(form).getByRole('spinbutton', { name: 'Contract price ($)' })).toHaveValue(3.5);
      expect(within(form).getByRole('spinbutton', { name: 'Break 2: from quantity' })).toHaveValue(1000);
      expect(within(form).getByRole('spinbutton', { name: 'Break 2: price each ($)' })).toHaveValue(3);
    });

    it('a price or break the rules refuse is said at its field before sending', async () => {
      const user = userEvent.setup();
      const api = mockApi(companyPage());
      renderApp('/dashboard/companies/c1');
      const form = (await screen.findByRole('heading', { name: 'Set a contract price' })).closest('section')!;
      await user.click(await within(form).findByRole('button', { name: 'Save contract price' }));
      await waitFor(() =>
        expect(within(form).getByRole('combobox', { name: 'Tool' })).toHaveAccessibleDescription(
          'Choose a tool',
        ),
      );
      expect(
        within(form).getByRole('spinbutton', { name: 'Contract price ($)' }),
      ).toHaveAccessibleDescription('Contract price is required');

      await user.selectOptions(
        within(form).getByRole('combobox', { name: 'Tool' }),
        'Angled Sash Brush (BR-50A)',
      );
      await user.clear(within(form).getByRole('spinbutton', { name: 'Break 1: from quantity' }));
      await user.type(within(form).getByRole('spinbutton', { name: 'Break 1: from quantity' }), '100');
      await user.click(within(form).getByRole('button', { name: 'Save contract price' }));
      expect(
        within(form).getByRole('spinbutton', { name: 'Break 1: from quantity' }),
      ).toHaveAccessibleDescription(
        'Price break 1: the quantity must be above the minimum order quantity (100)',
      );
      expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    });

    it("the API's refusal of a break shows at that break's field", async () => {
      const user = userEvent.setup();
      mockApi({
        ...companyPage(),
        'PUT /company/:id/price/:toolId': {
          params: { id: 'c1', toolId: 't2' },
          ...invalidInput({
            field: 'priceBreaks.0.fromQuantity',
            message: 'Price break 1: no order reaches it (at most 40 per order)',
          }),
        },
      });
      renderApp('/dashboard/companies/c1');
      const form = (await screen.findByRole('heading', { name: 'Set a contract price' })).closest('section')!;
      await user.selectOptions(
        await within(form).findByRole('combobox', { name: 'Tool' }),
        'Foam Roller (RL-10)',
      );
      await user.type(within(form).getByRole('spinbutton', { name: 'Contract price ($)' }), '5.5');
      await user.click(within(form).getByRole('button', { name: 'Add a price break' }));
      await user.type(within(form).getByRole('spinbutton', { name: 'Break 1: from quantity' }), '50');
      await user.type(within(form).getByRole('spinbutton', { name: 'Break 1: price each ($)' }), '5');
      await user.click(within(form).getByRole('button', { name: 'Save contract price' }));

      await waitFor(() =>
        expect(
          within(form).getByRole('spinbutton', { name: 'Break 1: from quantity' }),
        ).toHaveAccessibleDescription('Price break 1: no order reaches it (at most 40 per order)'),
      );
    });

    it('removing a contract price asks first, then sends DELETE and says so', async () => {
      const user = userEvent.setup();
      let prices = [brushContract];
      const api = mockApi({
        ...companyPage(),
        'GET /company/:id/price': { params: { id: 'c1' }, answer: () => ({ body: prices }) },
        'DELETE /company/:id/price/:toolId': {
          params: { id: 'c1', toolId: 't1' },
          answer: () => {
            prices = [];
            return { body: { deletedCount: 1 } };
          },
        },
      });
      renderApp('/dashboard/companies/c1');
      await user.click(
        await screen.findByRole('button', { name: 'Remove contract price for Angled Sash Brush' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'End the contract price for Angled Sash Brush?',
      });
      expect(dialog).toHaveTextContent('pay the list price, $4.00, again');
      await user.click(within(dialog).getByRole('button', { name: 'End contract price' }));

      expect(await screen.findByText('Contract price ended for Angled Sash Brush')).toBeInTheDocument();
      expect(api.calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/company/c1/price/t1');
      expect(
        await screen.findByText('No contract prices yet: the members pay list prices.'),
      ).toBeInTheDocument();
    });
  });

  it('on a phone, members and prices are cards with their controls in reach', async () => {
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
    mockApi(companyPage());
    renderApp('/dashboard/companies/c1');
    const members = await screen.findByRole('list', { name: 'Members of Harbour Decorators Ltd' });
    const [first] = within(members).getAllByRole('listitem');
    expect(within(first!).getByRole('combobox', { name: 'Role of Cara Customer' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Save Cara Customer' })).toBeInTheDocument();
    const prices = await screen.findByRole('list', { name: 'Contract prices of Harbour Decorators Ltd' });
    expect(
      within(prices).getByRole('button', { name: 'Remove contract price for Angled Sash Brush' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  describe('resale certificates (docs/behaviour.md §5.22)', () => {
    const pending = aResaleCertificate();
    const other = aResaleCertificate({ id: 'rc2', region: 'NV', number: 'NV-2002' });
    const verified = aResaleCertificate({
      id: 'rc3',
      region: 'OR',
      number: 'OR-3003',
      state: 'verified',
      decidedAt: '2026-01-05T10:00:00.000Z',
    });

    /** The company's page with these certificates, each decision changing the one it names. */
    function certificatesPage(initial = [pending, other, verified]) {
      let certificates = initial;
      return mockApi({
        ...companyPage(),
        'GET /company/:id/resale-certificate': {
          params: { id: 'c1' },
          answer: () => ({ body: certificates }),
        },
        'PATCH /company/:id/resale-certificate/:certificateId': [
          {
            params: { id: 'c1', certificateId: 'rc1' },
            answer: ({ body }) => {
              const decided = {
                ...pending,
                state: body.decision === 'verify' ? ('verified' as const) : ('rejected' as const),
                rejectReason: body.decision === 'reject' ? body.reason : null,
                decidedAt: '2026-01-06T10:00:00.000Z',
              };
              certificates = certificates.map((certificate) =>
                certificate.id === 'rc1' ? decided : certificate,
              );
              return { body: decided };
            },
          },
          {
            params: { id: 'c1', certificateId: 'rc2' },
            status: 409,
            body: { code: 'conflict', message: 'This certificate was decided already' },
          },
        ],
      });
    }

    it('lists each with its state and expiry; Verify and Reject for the pending ones only', async () => {
      certificatesPage();
      renderApp('/dashboard/companies/c1');
      const list = within(
        await screen.findByRole('list', { name: 'Resale certificates of Harbour Decorators Ltd' }),
      );
      const cards = list.getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      expect(cards[0]).toHaveTextContent('SR-CA-1001Pending');
      expect(cards[0]).toHaveTextContent('US-CA');
      expect(cards[0]).toHaveTextContent('Jun 30, 2027');
      expect(within(cards[2]!).getByText('Verified')).toBeInTheDocument();
      expect(within(cards[2]!).queryByRole('button')).not.toBeInTheDocument();
      expect(
        list.getByRole('button', { name: 'Verify the certificate SR-CA-1001 for US-CA' }),
      ).toBeInTheDocument();
      expect(
        list.getByRole('button', { name: 'Reject the certificate NV-2002 for US-NV' }),
      ).toBeInTheDocument();
    });

    it('Verify sends the decision and the certificate shows as verified', async () => {
      const user = userEvent.setup();
      const api = certificatesPage();
      renderApp('/dashboard/companies/c1');
      await user.click(
        await screen.findByRole('button', { name: 'Verify the certificate SR-CA-1001 for US-CA' }),
      );
      expect(await screen.findByText('Certificate SR-CA-1001 verified')).toBeInTheDocument();
      expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
        url: '/api/company/c1/resale-certificate/rc1',
        body: { decision: 'verify' },
      });
      await waitFor(() =>
        expect(
          screen.queryByRole('button', { name: 'Verify the certificate SR-CA-1001 for US-CA' }),
        ).not.toBeInTheDocument(),
      );
    });

    it('Reject asks for the reason, sends it, and the company reads it', async () => {
      const user = userEvent.setup();
      const api = certificatesPage();
      renderApp('/dashboard/companies/c1');
      await user.click(
        await screen.findByRole('button', { name: 'Reject the certificate SR-CA-1001 for US-CA' }),
      );
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Reject the certificate SR-CA-1001 for US-CA' }),
      );
      await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Give a reason of at least 3 characters');
      expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

      await user.type(
        dialog.getByRole('textbox', { name: 'Reason' }),
        'The number is not on the state register.',
      );
      await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
      expect(await screen.findByText('Certificate SR-CA-1001 rejected')).toBeInTheDocument();
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        decision: 'reject',
        reason: 'The number is not on the state register.',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('The number is not on the state register.')).toBeInTheDocument();
    });

    it('a certificate decided elsewhere: the API’s 409 message is a toast', async () => {
      const user = userEvent.setup();
      certificatesPage();
      renderApp('/dashboard/companies/c1');
      await user.click(
        await screen.findByRole('button', { name: 'Verify the certificate NV-2002 for US-NV' }),
      );
      expect(await screen.findByText('This certificate was decided already')).toBeInTheDocument();
    });
  });
});
