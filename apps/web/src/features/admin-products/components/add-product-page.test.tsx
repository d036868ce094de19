import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi, type RouteAnswer, type RouteMocks } from '@/test/fetch-mock';
import { invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const picture = () => new File(['fake image bytes'], 'roller.png', { type: 'image/png' });

const uploaded = {
  status: 201,
  body: { success: true, data: { url: '/uploads/roller.webp' } },
} satisfies RouteAnswer<'POST /upload'>;

async function openPage(routes: RouteMocks = {}) {
  const user = userEvent.setup();
  const api = mockApi({ ...signedInAs(admin), ...routes });
  renderApp('/dashboard/add-products');
  await screen.findByRole('heading', { name: 'Add a Product' });
  const field = (label: string) => screen.getByLabelText(label);
  const fillIn = async () => {
    await user.type(field('Name'), 'Paint Roller');
    await user.type(field('Available quantity'), '500');
    await user.type(field('Min quantity'), '50.9');
    await user.type(field('Per unit price ($)'), '7');
    await user.selectOptions(field('Category'), 'Professional Tools');
    await user.type(field('Description'), 'A 9-inch roller for walls.');
    await user.upload(field('Image'), picture());
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Add Product' }));
  return { user, api, field, fillIn, submit };
}

describe('Add a Product', () => {
  it('an empty form shows each required message and sends nothing', async () => {
    const { api, submit } = await openPage();
    await submit();
    expect(await screen.findByText(copy.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(copy.maxQuantityRequired)).toBeInTheDocument();
    // The unit price shares the minimum quantity's message on purpose (docs/behaviour.md §3.8).
    expect(screen.getAllByText(copy.minQuantityRequired)).toHaveLength(2);
    expect(screen.getByText(copy.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(copy.imageRequired)).toBeInTheDocument();
    // The category is optional (docs/behaviour.md §3.2): no message at it.
    expect(screen.queryByText(/^Choose a category: home/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Category')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('uploads the picture, saves the tool with whole numbers and its URL, then resets the form', async () => {
    const { api, field, fillIn, submit } = await openPage({
      'POST /upload': uploaded,
      'POST /tool': { status: 201, body: { insertedId: 't9' } },
    });
    await fillIn();
    await submit();

    expect(await screen.findByText(copy.productAdded)).toBeInTheDocument();
    const upload = api.calls.find((call) => call.url === '/api/upload');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('image') as File).name).toBe('roller.png');
    expect(api.calls.find((call) => call.url === '/api/tool')?.body).toEqual({
      name: 'Paint Roller',
      availableQuantity: 500,
      orderQuantity: 50,
      perPartsPrice: 7,
      description: 'A 9-inch roller for walls.',
      img: '/uploads/roller.webp',
      category: 'professional',
      // Trade pricing left as it starts: single units, no limit, $25 shipping, no breaks (§3.7).
      packSize: 1,
      maxOrderQuantity: null,
      shipPrice: 25,
      priceBreaks: [],
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Available quantity')).toHaveValue(null);
    expect(field('Description')).toHaveValue('');
    expect(field('Category')).toHaveValue('');
    expect((field('Image') as HTMLInputElement).files).toHaveLength(0);
  });

  it("the category is optional: left at 'Uncategorised', the tool is saved without one, as the spec's form sends it", async () => {
    const { user, api, field, submit } = await openPage({
      'POST /upload': uploaded,
      'POST /tool': { status: 201, body: { insertedId: 't9' } },
    });
    expect(field('Category')).toHaveValue('');
    expect(within(field('Category')).getByRole('option', { selected: true })).toHaveTextContent(
      'Uncategorised',
    );
    expect(field('Category')).toHaveAccessibleDescription(/optional/i);
    await user.type(field('Name'), 'Paint Scraper');
    await user.type(field('Available quantity'), '800');
    await user.type(field('Min quantity'), '20');
    await user.type(field('Per unit price ($)'), '4');
    await user.type(field('Description'), 'A stiff scraper for old paint.');
    await user.upload(field('Image'), picture());
    await submit();

    expect(await screen.findByText(copy.productAdded)).toBeInTheDocument();
    const body = api.calls.find((call) => call.url === '/api/tool')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Paint Scraper', orderQuantity: 20, img: '/uploads/roller.webp' });
    expect(Object.keys(body)).not.toContain('category');
  });

  it('a loader shows while the upload and the save run', async () => {
    const { fillIn, submit } = await openPage({
      'POST /upload': uploaded,
      'POST /tool': { status: 201, body: { insertedId: 't9' } },
    });
    await fillIn();
    // Hold the upload until the loader has been seen.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mocked = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return mocked(...args);
    });
    await submit();
    expect(await screen.findByText(/Uploading the picture/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    release();
    expect(await screen.findByText(copy.productAdded)).toBeInTheDocument();
    expect(screen.queryByText(/Uploading the picture/)).not.toBeInTheDocument();
  });

  it('a failed upload shows Failed to add Product, stops the loader and keeps the form for a retry', async () => {
    const { api, field, fillIn, submit } = await openPage({
      'POST /upload': {
        status: 415,
        body: { code: 'unsupported-image', message: 'That file is not a picture we can use' },
      },
    });
    await fillIn();
    await submit();

    expect(await screen.findByText(copy.productAddFailed)).toBeInTheDocument();
    expect(screen.queryByText(/Uploading the picture/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled();
    expect(field('Name')).toHaveValue('Paint Roller');
    expect(api.calls.some((call) => call.url === '/api/tool')).toBe(false);
  });

  it('a failed save shows Failed to add Product too', async () => {
    const { fillIn, submit } = await openPage({
      'POST /upload': uploaded,
      'POST /tool': { status: 400, body: { code: 'invalid-input', message: 'Bad tool' } },
    });
    await fillIn();
    await submit();
    expect(await screen.findByText(copy.productAddFailed)).toBeInTheDocument();
  });

  it("a refused save shows the API's reasons at their fields, besides Failed to add Product", async () => {
    const { field, fillIn, submit } = await openPage({
      'POST /upload': uploaded,
      'POST /tool': invalidInput(
        { field: 'perPartsPrice', message: 'Unit price must be at most 100,000' },
        { field: 'img', message: 'Image must be an uploaded picture or an http(s) URL' },
      ),
    });
    await fillIn();
    await submit();

    expect(await screen.findByText(copy.productAddFailed)).toBeInTheDocument();
    expect(field('Per unit price ($)')).toHaveAccessibleDescription('Unit price must be at most 100,000');
    expect(field('Image')).toHaveAccessibleDescription('Image must be an uploaded picture or an http(s) URL');
    expect(field('Min quantity')).not.toHaveAttribute('aria-invalid');
  });

  describe('trade pricing (docs/behaviour.md §3.7)', () => {
    it('sends the pack size, maximum, ship price and price breaks the admin typed', async () => {
      const { user, api, field, fillIn, submit } = await openPage({
        'POST /upload': uploaded,
        'POST /tool': { status: 201, body: { insertedId: 't9' } },
      });
      await fillIn();
      await user.clear(field('Pack size'));
      await user.type(field('Pack size'), '10');
      await user.type(field('Maximum per order'), '400');
      await user.clear(field('Ship price ($)'));
      await user.type(field('Ship price ($)'), '12.50');
      await user.click(screen.getByRole('button', { name: 'Add a price break' }));
      await user.type(field('Break 1: from quantity'), '100');
      await user.type(field('Break 1: price each ($)'), '6.30');
      await user.click(screen.getByRole('button', { name: 'Add a price break' }));
      await user.type(field('Break 2: from quantity'), '200');
      await user.type(field('Break 2: price each ($)'), '5.60');
      await submit();

      expect(await screen.findByText(copy.productAdded)).toBeInTheDocument();
      expect(api.calls.find((call) => call.url === '/api/tool')?.body).toMatchObject({
        orderQuantity: 50,
        perPartsPrice: 7,
        packSize: 10,
        maxOrderQuantity: 400,
        shipPrice: 12.5,
        priceBreaks: [
          { fromQuantity: 100, unitPrice: 6.3 },
          { fromQuantity: 200, unitPrice: 5.6 },
        ],
      });
    });

    it('explains a ladder that does not go up in quantity and down in price, and sends nothing', async () => {
      const { user, api, field, fillIn, submit } = await openPage();
      await fillIn();
      await user.click(screen.getByRole('button', { name: 'Add a price break' }));
      await user.type(field('Break 1: from quantity'), '40');
      await user.type(field('Break 1: price each ($)'), '7');
      await user.click(screen.getByRole('button', { name: 'Add a price break' }));
      await user.type(field('Break 2: from quantity'), '30');
      await user.type(field('Break 2: price each ($)'), '6');
      await submit();

      expect(
        await screen.findByText('Price break 1: the quantity must be above the minimum order quantity (50)'),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Price break 1: the price must be below the unit price ($7.00)'),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Price break 2: the quantity must be above the minimum order quantity (50)'),
      ).toBeInTheDocument();
      expect(field('Break 1: price each ($)')).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    });

    it('asks for whole packs from the minimum on', async () => {
      const { user, field, fillIn, submit } = await openPage();
      await fillIn();
      await user.clear(field('Pack size'));
      await user.type(field('Pack size'), '12');
      await submit();
      expect(
        await screen.findByText('Minimum order quantity must be a whole number of packs of 12'),
      ).toBeInTheDocument();
    });
  });
});

describe('the SKU (docs/behaviour.md §3.14)', () => {
  const inUse = 'That SKU is in use by another tool';

  it("is sent as typed ('007' stays text); one in use shows at the SKU field, and another is saved", async () => {
    let saves = 0;
    const { user, api, field, fillIn, submit } = await openPage({
      'POST /upload': uploaded,
      'POST /tool': {
        answer: () =>
          ++saves === 1
            ? {
                status: 409,
                body: { code: 'conflict', message: inUse, issues: [{ field: 'sku', message: inUse }] },
              }
            : { status: 201, body: { insertedId: 't9' } },
      },
    });
    expect(field('SKU')).toHaveAccessibleDescription(/Optional/);
    await fillIn();
    await user.type(field('SKU'), '007');
    await submit();

    expect(await screen.findByText(copy.productAddFailed)).toBeInTheDocument();
    expect(field('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(field('SKU')).toHaveAccessibleDescription(expect.stringContaining(inUse));
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    const tools = () => api.calls.filter((call) => call.url === '/api/tool');
    expect((tools()[0]!.body as { sku: unknown }).sku).toBe('007');

    await user.clear(field('SKU'));
    await user.type(field('SKU'), 'RL-9.XL');
    await submit();
    expect(await screen.findByText(copy.productAdded)).toBeInTheDocument();
    expect(tools()[1]!.body).toMatchObject({ name: 'Paint Roller', sku: 'RL-9.XL' });
  });

  it('refuses a SKU with a space before sending anything', async () => {
    const { user, api, field, fillIn, submit } = await openPage();
    await fillIn();
    await user.type(field('SKU'), 'BR 25');
    await submit();
    expect(await screen.findByText('SKU may hold letters, digits, dots and dashes only')).toBeInTheDocument();
    expect(field('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
