import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactCopy } from '@shop/shared/contact-copy';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const tool = (n: number) => aTool({ _id: `t${n}`, name: `Tool ${n}`, img: `/uploads/t${n}.webp` });

describe('home page', () => {
  it('shows the banner, what we make and the business summary', async () => {
    mockApi({ 'GET /tool': { body: [] }, 'GET /review': { body: [] } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: copy.homeHeadline, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.homeExploreButton })).toHaveAttribute(
      'href',
      '/all-products',
    );

    const hero = screen.getByRole('img', { name: /paint roller/ });
    expect(hero).not.toHaveAttribute('loading', 'lazy');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('width');
    expect(hero).toHaveAttribute('height');

    const whatWeMake = screen.getByRole('region', { name: copy.homeWhatWeMake });
    for (const name of ['Home Painting Tools', 'Professional Tools', 'Student Paint Tools']) {
      expect(within(whatWeMake).getByRole('heading', { name })).toBeInTheDocument();
    }

    for (const [title, value] of [
      ['Total Countries', '72'],
      ['Product Menufecture', '52+'],
      ['Happy Clients', '300+'],
      ['Clients Feedbacks', '500+'],
    ]) {
      expect(screen.getByText(title!).nextSibling).toHaveTextContent(value!);
    }
  });

  it('shows the first three tools of the list in reverse order, and a link to all of them', async () => {
    mockApi({
      'GET /tool': { body: [tool(1), tool(2), tool(3), tool(4), tool(5)] },
      'GET /review': { body: [] },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Recently Manufactured Tools' });
    await within(section).findByRole('heading', { name: 'Tool 3' });
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Tool 3', 'Tool 2', 'Tool 1']);
    expect(within(section).getByRole('link', { name: copy.homeExploreAll })).toHaveAttribute(
      'href',
      '/all-products',
    );
  });

  it('offers a retry when the tools cannot be loaded', async () => {
    let attempts = 0;
    mockApi({
      'GET /tool': {
        answer: () => {
          attempts += 1;
          return attempts === 1
            ? { status: 503, body: { code: 'internal', message: 'Busy right now' } }
            : { body: [tool(1)] };
        },
      },
      'GET /review': { body: [] },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Recently Manufactured Tools' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Busy right now');
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('heading', { name: 'Tool 1' })).toBeInTheDocument();
  });

  it('has a Stay connected block that sends the message (features/contact has the details)', async () => {
    const { calls } = mockApi({
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
      'POST /contact': { status: 201, body: { success: true } },
    });
    renderApp('/');
    const block = await screen.findByRole('region', { name: 'Stay connected' });
    const user = userEvent.setup();
    await user.type(within(block).getByLabelText('First name'), 'Mara');
    await user.type(within(block).getByLabelText('Email address'), 'mara@painters.test');
    await user.type(within(block).getByLabelText('Message'), 'Hello');
    await user.click(within(block).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(contactCopy.sent)).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/contact')?.body).toMatchObject({ firstName: 'Mara' });
  });
});
