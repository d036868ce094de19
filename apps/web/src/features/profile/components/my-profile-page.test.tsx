import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aProfile, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const emptyProfile = aProfile();

const filled = {
  phone: '01712345678',
  address: '1 Canvas Road, Dhaka',
  study: 'Fine Arts, Dhaka University',
  fb: 'https://facebook.com/cara',
  insta: 'https://instagram.com/cara',
  linkdin: 'https://linkedin.com/in/cara',
  github: 'https://github.com/cara',
};

const labels = {
  phone: 'Phone',
  address: 'Address',
  study: 'Study',
  fb: 'Facebook link',
  insta: 'Instagram link',
  linkdin: 'Linkdin link',
  github: 'Github link',
} as const;

/** Opens the Update profile modal, fills in all seven fields and saves; answers the modal. */
async function saveFilledProfile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Update profile' }));
  const dialog = screen.getByRole('dialog', { name: 'Update profile' });
  for (const [field, label] of Object.entries(labels)) {
    await user.type(within(dialog).getByLabelText(label), filled[field as keyof typeof filled]);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
  return dialog;
}

describe('My Profile', () => {
  it('shows the fallbacks and the +88- prefix with placeholder digits when nothing is saved', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: emptyProfile },
    });
    renderApp('/dashboard/my-profile');
    expect(await screen.findByText('+88-01XXXXXXXXX')).toBeInTheDocument();
    expect(screen.getByText(copy.profileFallback.address)).toBeInTheDocument();
    expect(screen.getByText(copy.profileFallback.study)).toBeInTheDocument();
    for (const network of ['Facebook', 'Instagram', 'Linkdin', 'Github']) {
      expect(screen.getByText(`${network} not given`)).toBeInTheDocument();
    }
    expect(screen.getByText('CC')).toBeInTheDocument();
    expect(screen.getByText(customer.email)).toBeInTheDocument();
  });

  it('shows a saved profile: the phone after +88-, and the social links opening safely in a new tab', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: { ...emptyProfile, ...filled } },
    });
    renderApp('/dashboard/my-profile');
    expect(await screen.findByText('+88-01712345678')).toBeInTheDocument();
    expect(screen.getByText(filled.address)).toBeInTheDocument();
    const github = screen.getByRole('link', { name: 'Github' });
    expect(github).toHaveAttribute('href', filled.github);
    expect(github).toHaveAttribute('target', '_blank');
    expect(github).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('a link that is not http(s) is not rendered as a link', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': {
        query: { email: 'cara@shop.test' },
        body: { ...emptyProfile, fb: 'javascript:alert(1)' },
      },
    });
    renderApp('/dashboard/my-profile');
    expect(await screen.findByText('Facebook not given')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();
  });

  it("an incomplete form says 'Please Fill Up Full Form', marks the empty fields and sends nothing", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: emptyProfile },
    });
    renderApp('/dashboard/my-profile');
    await user.click(await screen.findByRole('button', { name: 'Update profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Update profile' });
    expect(within(dialog).getByLabelText('Phone')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Phone'), filled.phone);
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(copy.profileFillForm)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getAllByText('Required')).toHaveLength(6);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saving all seven fields updates the profile, closes the modal and refetches', async () => {
    const user = userEvent.setup();
    let saved = emptyProfile;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, answer: () => ({ body: saved }) },
      'PUT /current-user/:email': {
        params: { email: 'cara@shop.test' },
        answer: ({ body }) => {
          saved = { ...saved, ...(body as typeof filled) };
          return { body: saved };
        },
      },
    });
    renderApp('/dashboard/my-profile');
    await saveFilledProfile(user);

    expect(await screen.findByText(copy.profileUpdated)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual(filled);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('+88-01712345678')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.route === 'GET /current-user')).toHaveLength(2);
  });

  it("a refused save shows the API's reason at its field and keeps the modal open", async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: emptyProfile },
      'PUT /current-user/:email': {
        params: { email: 'cara@shop.test' },
        ...invalidInput({ field: 'fb', message: 'Links must be 500 characters or fewer' }),
      },
    });
    renderApp('/dashboard/my-profile');
    const dialog = await saveFilledProfile(user);

    const facebook = within(dialog).getByLabelText('Facebook link');
    await waitFor(() =>
      expect(facebook).toHaveAccessibleDescription('Links must be 500 characters or fewer'),
    );
    expect(within(dialog).getByLabelText('Github link')).not.toHaveAttribute('aria-invalid');
    // The toast says it too.
    expect(screen.getAllByText('Links must be 500 characters or fewer')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Update profile' })).toBeInTheDocument();
  });

  it('Close leaves the modal without saving', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: emptyProfile },
    });
    renderApp('/dashboard/my-profile');
    await user.click(await screen.findByRole('button', { name: 'Update profile' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
