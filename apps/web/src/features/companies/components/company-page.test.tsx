import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import {
  aCompany,
  aMember,
  aResaleCertificate,
  aSessionUser,
  anAddress,
  invalidInput,
  myCompany,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, emptyCart, signedInAs } from '@/test/signed-in';

const companyRoute = { params: { id: 'c1' } };
const yard = {
  name: 'Harbour Yard',
  company: null,
  line1: '9 Quay Street',
  line2: null,
  city: 'Hull',
  region: null,
  postalCode: 'HU1 3AA',
  country: 'GB',
  phone: '01482 000009',
};

describe('the company page (docs/behaviour.md §4.18, §4.19)', () => {
  it('without a company: the application form sends the chosen address; a refused field shows its message', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany({ membership: null }) },
      'GET /address': { body: [anAddress()] },
      'POST /company': {
        answer: () =>
          tries++ === 0
            ? invalidInput({ field: 'taxNumber', message: 'Enter the tax or VAT number' })
            : { status: 201, body: aCompany({ state: 'pending', memberCount: 0 }) },
      },
    });
    renderApp('/dashboard/company');
    const form = await screen.findByRole('form', { name: 'Apply for a trade account' });
    await user.type(within(form).getByLabelText("Company's legal name"), 'Harbour Decorators Ltd');
    await user.type(within(form).getByLabelText('Tax or VAT number'), 'GB12');
    await user.selectOptions(within(form).getByLabelText('Billing address'), 'a1');
    await user.type(within(form).getByLabelText('Phone'), '01482 000000');
    await user.selectOptions(within(form).getByLabelText('Expected monthly volume'), '$1,000 to $5,000');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('Enter the tax or VAT number')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Application for Harbour Decorators Ltd sent')).toBeInTheDocument();
    const sent = api.calls.filter((call) => call.route === 'POST /company').map((call) => call.body);
    expect(sent[1]).toEqual({
      name: 'Harbour Decorators Ltd',
      taxNumber: 'GB12',
      addressId: 'a1',
      phone: '01482 000000',
      monthlyVolume: '1000-5000',
    });
  });

  it('a declined application shows the reason, and the form to apply again', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': {
        body: myCompany({
          membership: null,
          application: aCompany({ state: 'declined', declineReason: 'We could not verify the VAT number.' }),
        }),
      },
      'GET /address': { body: [anAddress()] },
    });
    renderApp('/dashboard/company');
    expect(await screen.findByText(/We could not verify the VAT number\./)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Apply for a trade account' })).toBeInTheDocument();
  });

  it("a company admin sets a member's role and limit, and invites a buyer with a limit", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/member': {
        ...companyRoute,
        body: [
          aMember(),
          aMember({ userId: 'u2', name: 'Finn Foreman', email: 'finn@shop.test', role: 'viewer' }),
        ],
      },
      'GET /company/:id/invitation': { ...companyRoute, body: [] },
      'GET /company/:id/price': { ...companyRoute, body: [] },
      'GET /company/:id/address': { ...companyRoute, body: [] },
      'GET /company/:id/resale-certificate': { ...companyRoute, body: [] },
      'POST /company/:id/address': { ...companyRoute, status: 201, body: { id: 'ca1', ...yard } },
      'PATCH /company/:id/member/:userId': {
        params: { id: 'c1', userId: 'u2' },
        body: aMember({ userId: 'u2', name: 'Finn Foreman', role: 'buyer', orderLimit: 250 }),
      },
      'POST /company/:id/invitation': {
        ...companyRoute,
        status: 201,
        body: {
          id: 'i1',
          email: 'ivy@shop.test',
          role: 'buyer',
          orderLimit: 500,
          expiresAt: '2026-01-10T10:00:00.000Z',
          createdAt: '2026-01-03T10:00:00.000Z',
        },
      },
    });
    renderApp('/dashboard/company');
    expect(await screen.findByRole('heading', { name: 'Harbour Decorators Ltd' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Role of Finn Foreman'), 'Buyer');
    await user.type(screen.getByLabelText('Order limit of Finn Foreman ($)'), '250');
    await user.click(screen.getByRole('button', { name: 'Save Finn Foreman' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'PATCH /company/:id/member/:userId')?.body).toEqual({
        role: 'buyer',
        orderLimit: 250,
      }),
    );

    const invite = screen.getByRole('form', { name: 'Invite someone' });
    await user.type(within(invite).getByLabelText('E-mail address'), 'ivy@shop.test');
    await user.type(within(invite).getByLabelText('Limit per order ($, optional)'), '500');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ivy@shop.test')).toBeInTheDocument();
    expect(api.calls.find((call) => call.route === 'POST /company/:id/invitation')?.body).toEqual({
      email: 'ivy@shop.test',
      role: 'buyer',
      orderLimit: 500,
    });

    // A shared address, for every member's checkout.
    await user.click(screen.getByRole('button', { name: 'Share an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share an address with the company' });
    await user.type(within(dialog).getByLabelText('Name'), yard.name);
    await user.type(within(dialog).getByLabelText('Address line 1'), yard.line1);
    await user.type(within(dialog).getByLabelText('City'), yard.city);
    await user.type(within(dialog).getByLabelText('Postal code'), yard.postalCode);
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'GB');
    await user.type(within(dialog).getByLabelText('Phone'), yard.phone);
    await user.click(within(dialog).getByRole('button', { name: 'Share address' }));
    expect(await screen.findByText('Address shared with the company')).toBeInTheDocument();
    expect(api.calls.find((call) => call.route === 'POST /company/:id/address')?.body).toMatchObject({
      name: 'Harbour Yard',
      line1: '9 Quay Street',
      country: 'GB',
    });
  });

  it('a viewer reads the members and the contract prices, with nothing to change', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': {
        body: myCompany({ membership: { company: aCompany(), role: 'viewer', orderLimit: null } }),
      },
      'GET /company/:id/member': { ...companyRoute, body: [aMember({ role: 'viewer' })] },
      'GET /company/:id/address': { ...companyRoute, body: [{ id: 'ca1', ...yard }] },
      'GET /company/:id/resale-certificate': {
        ...companyRoute,
        body: [aResaleCertificate({ state: 'verified', decidedAt: '2026-01-05T10:00:00.000Z' })],
      },
      'GET /company/:id/price': {
        ...companyRoute,
        body: [
          {
            toolId: 't1',
            sku: 'BR-50A',
            toolName: 'Angled Sash Brush',
            listPrice: 4,
            unitPrice: 3.2,
            priceBreaks: [{ fromQuantity: 500, unitPrice: 3 }],
            updatedAt: '2026-01-04T10:00:00.000Z',
          },
        ],
      },
    });
    renderApp('/dashboard/company');
    expect(await screen.findByRole('cell', { name: '$3.20' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '500+ $3.00' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Role of/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the company' })).toBeInTheDocument();
    expect(await screen.findByText('9 Quay Street')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove the shared address/ })).not.toBeInTheDocument();
    // The company's resale certificates, to read only (docs/behaviour.md §5.22).
    const certificates = within(screen.getByRole('list', { name: 'Resale certificates' }));
    expect(certificates.getByText('SR-CA-1001')).toBeInTheDocument();
    expect(certificates.getByText('Verified')).toBeInTheDocument();
    expect(certificates.getByText('Jun 30, 2027')).toBeInTheDocument();
    expect(certificates.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Send a resale certificate' })).not.toBeInTheDocument();
  });

  it('a company admin sends a resale certificate, sees the refusal beside the form, and withdraws one', async () => {
    const user = userEvent.setup();
    const rejected = aResaleCertificate({
      id: 'rc0',
      number: 'SR-CA-0999',
      state: 'rejected',
      rejectReason: 'The number is not on the state register.',
      decidedAt: '2026-01-05T10:00:00.000Z',
    });
    let certificates = [rejected];
    let sends = 0;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/member': { ...companyRoute, body: [aMember()] },
      'GET /company/:id/invitation': { ...companyRoute, body: [] },
      'GET /company/:id/price': { ...companyRoute, body: [] },
      'GET /company/:id/address': { ...companyRoute, body: [] },
      'GET /company/:id/resale-certificate': { ...companyRoute, answer: () => ({ body: certificates }) },
      'POST /company/:id/resale-certificate': {
        ...companyRoute,
        answer: () => {
          sends += 1;
          if (sends === 1)
            return invalidInput({ field: 'expiresOn', message: 'This certificate has already expired' });
          if (sends === 2) {
            return {
              status: 429,
              body: { code: 'rate-limited', message: 'Too many changes: wait a minute.' },
            };
          }
          certificates = [...certificates, aResaleCertificate()];
          return { status: 201, body: aResaleCertificate() };
        },
      },
      'DELETE /company/:id/resale-certificate/:certificateId': {
        params: { id: 'c1', certificateId: 'rc0' },
        answer: () => {
          certificates = certificates.filter((certificate) => certificate.id !== 'rc0');
          return { body: { deletedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/company');
    const list = within(await screen.findByRole('list', { name: 'Resale certificates' }));
    expect(list.getByText('Rejected')).toBeInTheDocument();
    expect(list.getByText('The number is not on the state register.')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Send a resale certificate' }));
    expect(form.getByLabelText('Country')).toHaveValue('US');
    expect(form.getByLabelText('Expiry date')).toHaveAttribute('type', 'date');
    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(await form.findByText('Enter the state the certificate is for')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.route === 'POST /company/:id/resale-certificate')).toHaveLength(0);

    await user.type(form.getByLabelText('State'), 'ca');
    await user.type(form.getByLabelText('Certificate number'), 'SR-CA-1001');
    await user.type(form.getByLabelText('Expiry date'), '2027-06-30');
    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(await form.findByText('This certificate has already expired')).toBeInTheDocument();
    expect(form.getByLabelText('Expiry date')).toHaveAccessibleDescription(
      'This certificate has already expired',
    );

    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Too many changes: wait a minute.');

    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(await screen.findByText('Certificate SR-CA-1001 sent: we will verify it')).toBeInTheDocument();
    expect(
      api.calls.filter((call) => call.route === 'POST /company/:id/resale-certificate').at(-1)?.body,
    ).toEqual({
      country: 'US',
      region: 'CA',
      number: 'SR-CA-1001',
      expiresOn: '2027-06-30',
    });
    expect(await list.findByText('Pending')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Withdraw the certificate SR-CA-0999 for US-CA' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Withdraw the certificate SR-CA-0999 for US-CA?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Withdraw certificate' }));
    expect(await screen.findByText('Certificate SR-CA-0999 withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(list.queryByText('SR-CA-0999')).not.toBeInTheDocument());
  });
  it('a company admin sends a certificate with its PDF, and saves the PDF again from the list', async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:certificate';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    let certificates: ReturnType<typeof aResaleCertificate>[] = [];
    const withFile = aResaleCertificate({ id: 'rc1', hasFile: true });
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/member': { ...companyRoute, body: [aMember()] },
      'GET /company/:id/invitation': { ...companyRoute, body: [] },
      'GET /company/:id/price': { ...companyRoute, body: [] },
      'GET /company/:id/address': { ...companyRoute, body: [] },
      'GET /company/:id/resale-certificate': { ...companyRoute, answer: () => ({ body: certificates }) },
      'POST /company/:id/resale-certificate': {
        ...companyRoute,
        body: aResaleCertificate({ id: 'rc1' }),
        status: 201,
      },
      'PUT /company/:id/resale-certificate/:certificateId/file': {
        params: { id: 'c1', certificateId: 'rc1' },
        answer: () => {
          certificates = [withFile];
          return { body: withFile };
        },
      },
      'GET /company/:id/resale-certificate/:certificateId/file': {
        params: { id: 'c1', certificateId: 'rc1' },
        text: '%PDF-1.7 certificate',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="resale-certificate-rc1.pdf"',
        },
      },
    });
    renderApp('/dashboard/company');
    const form = within(await screen.findByRole('form', { name: 'Send a resale certificate' }));
    await user.type(form.getByLabelText('State'), 'CA');
    await user.type(form.getByLabelText('Certificate number'), 'SR-CA-1001');
    await user.type(form.getByLabelText('Expiry date'), '2027-06-30');
    const pdf = new File(['%PDF-1.7 certificate'], 'certificate.pdf', { type: 'application/pdf' });
    await user.upload(form.getByLabelText('Certificate PDF'), pdf);
    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(await screen.findByText('Certificate SR-CA-1001 sent: we will verify it')).toBeInTheDocument();
    const upload = api.calls.find(
      (call) => call.route === 'PUT /company/:id/resale-certificate/:certificateId/file',
    );
    expect(((upload?.body as FormData).get('file') as File).name).toBe('certificate.pdf');

    const list = within(await screen.findByRole('list', { name: 'Resale certificates' }));
    await user.click(
      await list.findByRole('button', { name: 'Download PDF of the certificate SR-CA-1001 for US-CA' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('resale-certificate-rc1.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 certificate');
  });
});

describe('the invitation page (docs/behaviour.md §4.19)', () => {
  const preview = {
    companyName: 'Harbour Decorators Ltd',
    email: customer.email,
    role: 'buyer' as const,
    expiresAt: '2026-01-10T10:00:00.000Z',
  };

  it('says what it invites to; signed in, Accept joins and opens the company', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /invitation/:token': { params: { token: 'tok-1' }, body: preview },
      'POST /invitation/:token/accept': {
        params: { token: 'tok-1' },
        body: myCompany({ membership: { company: aCompany(), role: 'buyer', orderLimit: null } }),
      },
      'GET /company/mine': {
        body: myCompany({ membership: { company: aCompany(), role: 'buyer', orderLimit: null } }),
      },
      'GET /company/:id/member': { ...companyRoute, body: [aMember({ role: 'buyer' })] },
      'GET /company/:id/price': { ...companyRoute, body: [] },
      'GET /company/:id/address': { ...companyRoute, body: [] },
    });
    renderApp('/invitation/tok-1');
    expect(await screen.findByText(/invited to join/)).toHaveTextContent('Harbour Decorators Ltd');
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText('Welcome to Harbour Decorators Ltd')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Harbour Decorators Ltd' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.route === 'POST /invitation/:token/accept')).toBe(true);
  });

  it('a visitor signs up from it and is brought back to accept', async () => {
    const user = userEvent.setup();
    const invited = aSessionUser({ _id: 'u7', displayName: 'Ivy Invited', email: 'ivy@shop.test' });
    mockApi({
      'GET /invitation/:token': { params: { token: 'tok-2' }, body: { ...preview, email: 'ivy@shop.test' } },
      'POST /account': { status: 201, body: { token: 'session-token', user: invited } },
      'PUT /user/:email': { params: { email: 'ivy@shop.test' }, body: { token: 'access-token' } },
      'GET /cart': { body: emptyCart },
    });
    const { router } = renderApp('/invitation/tok-2');
    await user.click(await screen.findByRole('link', { name: 'Sign up with ivy@shop.test' }));
    await user.type(await screen.findByLabelText('Name'), 'Ivy Invited');
    await user.type(screen.getByLabelText('Email'), 'ivy@shop.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation/tok-2'));
    expect(await screen.findByRole('button', { name: 'Accept the invitation' })).toBeInTheDocument();
  });

  it('a link used or expired says so', async () => {
    mockApi({
      'GET /invitation/:token': {
        params: { token: 'old' },
        status: 404,
        body: {
          code: 'not-found',
          message: 'This invitation was used, withdrawn or has expired. Ask for a new one.',
        },
      },
    });
    renderApp('/invitation/old');
    expect(
      await screen.findByText('This invitation was used, withdrawn or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
  });
});
