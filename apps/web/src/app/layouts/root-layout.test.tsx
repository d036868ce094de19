import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

describe('root layout', () => {
  it('keeps working across navigation when window.scrollTo returns a promise, as Chromium does', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
    mockApi({ 'GET /tool': { body: [] }, 'GET /review': { body: [] } });
    const { router } = renderApp('/');
    const [blogsLink] = await screen.findAllByRole('link', { name: 'Blogs' });
    await userEvent.click(blogsLink!);
    expect(await screen.findByRole('heading', { name: copy.blogsHeading })).toBeInTheDocument();
    // The probe learns the location in an effect: on a busy machine that can trail the heading.
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('the Profile menu opens with its button and closes on Escape, focus back on the button', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
    });
    renderApp('/');
    const profileButton = await screen.findByText('Profile');
    const menu = profileButton.closest('details')!;
    await userEvent.click(profileButton);
    expect(menu.open).toBe(true);
    expect(screen.getByRole('link', { name: customer.displayName })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(menu.open).toBe(false);
    expect(profileButton).toHaveFocus();
  });
});
