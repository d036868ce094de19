import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, type CreateAddressBody } from '@shop/shared/contracts/addresses';
import { call } from './helpers/call';
import { openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/** The address book (docs/behaviour.md §4.17): one's own addresses, one default, bounded. */
let shop: Shop<'ann' | 'ben'>;
beforeAll(async () => {
  shop = await openShop({ customers: ['ann', 'ben'] });
});
afterAll(() => shop.close());

const address = (overrides: Partial<CreateAddressBody> = {}): CreateAddressBody => ({
  name: 'Ann Lee',
  line1: '1 Easel Street',
  city: 'Leeds',
  postalCode: 'LS1 4AB',
  country: 'GB',
  phone: '+44 113 496 0000',
  ...overrides,
});
const add = (as: SignedIn, body: CreateAddressBody) => call(shop.app, 'POST /address', { as, body });
const book = async (as: SignedIn) => (await call(shop.app, 'GET /address', { as })).body;

describe('the address book', () => {
  it('makes the first address the default, moves the default when asked, and keeps one default', async () => {
    const buyer = await signUpCustomer(shop.app, 'book');
    const first = await add(buyer, address());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      isDefault: true,
      company: null,
      line2: null,
      region: null,
      country: 'GB',
    });
    const second = await add(buyer, address({ name: 'Site office', country: 'de' }));
    expect(second.body).toMatchObject({ isDefault: false, country: 'DE' });
    const made = await call(shop.app, 'PATCH /address/:id', {
      as: buyer,
      params: { id: second.body._id },
      body: { isDefault: true },
    });
    expect(made.body.isDefault).toBe(true);
    expect((await book(buyer)).map((entry) => [entry.name, entry.isDefault])).toEqual([
      ['Site office', true],
      ['Ann Lee', false],
    ]);
    // Deleting the default makes the newest other address the default.
    await call(shop.app, 'DELETE /address/:id', { as: buyer, params: { id: second.body._id } });
    expect((await book(buyer)).map((entry) => [entry.name, entry.isDefault])).toEqual([['Ann Lee', true]]);
  });

  it('refuses bad fields with their messages, an unknown country, and "not default"', async () => {
    const { ann } = shop.customers;
    const missing = await call(shop.app, 'POST /address', {
      as: ann,
      unsafeBody: { ...address(), line1: ' ' },
    });
    expect(missing.error.issues).toContainEqual({ field: 'line1', message: 'Address line 1 is required' });
    const country = await add(ann, address({ country: 'XX' }));
    expect(country.error.issues).toContainEqual({
      field: 'country',
      message: 'Choose a country from the list',
    });
    const phone = await add(ann, address({ phone: 'call me' }));
    expect(phone.error.issues).toContainEqual({ field: 'phone', message: 'Enter a valid phone number' });
    const created = await add(ann, address());
    const notDefault = await call(shop.app, 'PATCH /address/:id', {
      as: ann,
      params: { id: created.body._id },
      unsafeBody: { isDefault: false },
    });
    expect(notDefault.status).toBe(400);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const buyer = await signUpCustomer(shop.app, 'many');
    for (let i = 0; i < MAX_ADDRESSES; i += 1)
      expect((await add(buyer, address({ name: `Site ${i}` }))).status).toBe(201);
    const over = await add(buyer, address({ name: 'One too many' }));
    expect(over.status).toBe(409);
    expect(over.error.message).toBe(`You can keep at most ${MAX_ADDRESSES} addresses; remove one first`);
  });

  it("is one's own: another account's address is as unknown as a made-up one", async () => {
    const { ann, ben } = shop.customers;
    const annsAddress = (await add(ann, address())).body._id;
    for (const id of [annsAddress, randomUUID(), 'not-an-id']) {
      const read = await call(shop.app, 'PATCH /address/:id', {
        as: ben,
        params: { id },
        body: { city: 'York' },
      });
      expect(read.status).toBe(404);
      expect((await call(shop.app, 'DELETE /address/:id', { as: ben, params: { id } })).status).toBe(404);
    }
    expect((await book(ben)).map((entry) => entry._id)).not.toContain(annsAddress);
    expect((await book(ann)).find((entry) => entry._id === annsAddress)?.city).toBe('Leeds');
  });
});
