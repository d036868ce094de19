import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { ADMIN_EMAIL, openShop, type Shop, type SignedIn, signUp, signUpCustomer } from './helpers/test-app';

let ctx: Shop<'carla' | 'oscar'>;
let admin: SignedIn;
let customer: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  ctx = await openShop({ customers: ['carla', 'oscar'] });
  ({
    admin,
    customers: { carla: customer, oscar: other },
  } = ctx);
});
afterAll(() => ctx.close());

const at = (email: string) => encodeURIComponent(email);

function profileInput(overrides: Record<string, unknown> = {}) {
  return {
    phone: '01712-345678',
    address: '12 Brush Lane, Dhaka',
    study: 'Fine Arts, University of Dhaka',
    fb: 'https://facebook.com/carla',
    insta: 'https://instagram.com/carla',
    linkdin: 'https://linkedin.com/in/carla',
    github: 'https://github.com/carla',
    ...overrides,
  };
}

describe('PUT /user/{email}: the token exchange after sign-in', () => {
  it("answers the caller's own token for its own e-mail, in any case", async () => {
    for (const email of [customer.email, customer.email.toUpperCase()]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/${at(email)}`,
        headers: customer.headers,
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ token: customer.token });
    }
  });

  it('accepts an empty body and the Bearar scheme', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${at(customer.email)}`,
      headers: { authorization: `Bearar ${customer.token}` },
      payload: {},
    });
    expect(response.json()).toEqual({ token: customer.token });
  });

  it('works for an e-mail beginning with "admin" (not confused with /user/admin/{email})', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${ADMIN_EMAIL}`,
      headers: admin.headers,
      payload: { email: ADMIN_EMAIL },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: admin.token });
  });

  it('gives no token without proof: a visitor or a bad token is a 401', async () => {
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${at(customer.email)}`,
      payload: { email: customer.email },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
    expect(anonymous.body).not.toContain(customer.token);

    const forged = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${at(customer.email)}`,
      headers: { authorization: 'Bearer forged-token' },
      payload: { email: customer.email },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("never hands out a token for another's e-mail, even to an admin", async () => {
    for (const caller of [other, admin]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/${at(customer.email)}`,
        headers: caller.headers,
        payload: { email: customer.email },
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(customer.token);
    }
  });

  it('refuses a body e-mail that differs from the path, and unknown fields', async () => {
    for (const payload of [{ email: other.email }, { email: customer.email, role: 'admin' }]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/${at(customer.email)}`,
        headers: customer.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-input' });
    }
  });
});

describe('GET /admin/{email}: the admin flag', () => {
  const flag = (caller: SignedIn | null, email: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${at(email)}`,
      headers: caller?.headers ?? {},
    });

  it('tells a customer and an admin about themselves', async () => {
    expect((await flag(customer, customer.email)).json()).toEqual({ admin: false });
    expect((await flag(admin, ADMIN_EMAIL)).json()).toEqual({ admin: true });
    expect((await flag(admin, ADMIN_EMAIL.toUpperCase())).json()).toEqual({ admin: true });
  });

  it('lets an admin ask about anyone; an unknown e-mail is not an admin', async () => {
    expect((await flag(admin, customer.email)).json()).toEqual({ admin: false });
    expect((await flag(admin, 'nobody@shop.test')).json()).toEqual({ admin: false });
  });

  it('refuses a customer asking about another account, and a visitor', async () => {
    expect((await flag(customer, ADMIN_EMAIL)).statusCode).toBe(403);
    expect((await flag(customer, other.email)).statusCode).toBe(403);
    expect((await flag(null, customer.email)).statusCode).toBe(401);
  });
});

describe('GET /user: the Make Admin list', () => {
  it('lists every account with its role, oldest first (admin only)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const users = response.json<{ _id: string; name: string; email: string; role: string }[]>();
    const emails = users.map((user) => user.email);
    expect(emails.indexOf(ADMIN_EMAIL)).toBeLessThan(emails.indexOf(customer.email));
    expect(emails.indexOf(customer.email)).toBeLessThan(emails.indexOf(other.email));
    expect(users).toContainEqual({ _id: admin.id, name: admin.name, email: ADMIN_EMAIL, role: 'admin' });
    expect(users).toContainEqual({
      _id: customer.id,
      name: customer.name,
      email: customer.email,
      role: 'customer',
    });
  });

  it('is closed to customers (403) and visitors (401)', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: customer.headers })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('PUT /user/admin/{email}: make admin', () => {
  it('refuses a body: the route takes none, and nothing changes', async () => {
    const target = await signUpCustomer(ctx.app, 'body');
    for (const payload of [{ role: 'customer' }, {}, [] as unknown[]]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${at(target.email)}`,
        headers: admin.headers,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-input', message: 'This request takes no body' });
    }
    const flag = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${at(target.email)}`,
      headers: admin.headers,
    });
    expect(flag.json()).toEqual({ admin: false });
  });

  it('promotes a customer at once: their next admin request succeeds with the same token', async () => {
    const promoted = await signUpCustomer(ctx.app, 'pia');
    const before = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: promoted.headers });
    expect(before.statusCode).toBe(403);

    const first = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${at(promoted.email)}`,
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });

    const after = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: promoted.headers });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual(expect.objectContaining({ email: promoted.email, role: 'admin' }));
    const ownFlag = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${at(promoted.email)}`,
      headers: promoted.headers,
    });
    expect(ownFlag.json()).toEqual({ admin: true });

    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${at(promoted.email.toUpperCase())}`,
      headers: admin.headers,
    });
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('answers 404 for an unknown e-mail', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${at('nobody@shop.test')}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not-found' });
  });

  it('refuses a customer making anyone (themselves included) an admin', async () => {
    for (const email of [customer.email, other.email]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${at(email)}`,
        headers: customer.headers,
      });
      expect(response.statusCode).toBe(403);
    }
    const flag = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${at(customer.email)}`,
      headers: customer.headers,
    });
    expect(flag.json()).toEqual({ admin: false });
  });
});

describe('profile: GET /current-user and PUT /current-user/{email}', () => {
  it('a new account has its name and e-mail and no profile fields yet', async () => {
    const fresh = await signUpCustomer(ctx.app, 'fred');
    for (const url of ['/api/current-user', `/api/current-user?email=${at(fresh.email)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: fresh.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        email: fresh.email,
        name: fresh.name,
        image: null,
        phone: null,
        address: null,
        study: null,
        fb: null,
        insta: null,
        linkdin: null,
        github: null,
      });
    }
  });

  it('saves all seven fields, answers the saved profile, and a second save replaces them', async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/current-user/${at(customer.email)}`,
      headers: customer.headers,
      payload: profileInput(),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      email: customer.email,
      name: customer.name,
      image: null,
      ...profileInput(),
    });

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/current-user/${at(customer.email.toUpperCase())}`,
      headers: customer.headers,
      payload: profileInput({ address: '  7 Roller Road  ', study: 'Design school' }),
    });
    expect(updated.statusCode).toBe(200);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/current-user?email=${at(customer.email)}`,
      headers: customer.headers,
    });
    expect(read.json()).toMatchObject({
      address: '7 Roller Road',
      study: 'Design school',
      phone: '01712-345678',
    });
  });

  it("lets an admin read anyone's profile; an unknown e-mail is a 404", async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/current-user?email=${at(customer.email)}`,
      headers: admin.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ email: customer.email, name: customer.name });

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/current-user?email=${at('nobody@shop.test')}`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a customer reading another's profile, and a visitor", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/current-user?email=${at(customer.email)}`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Brush Lane');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/current-user' })).statusCode).toBe(401);
  });

  it("no one edits another's profile, admins included", async () => {
    for (const caller of [other, admin]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/current-user/${at(customer.email)}`,
        headers: caller.headers,
        payload: profileInput({ address: 'Hijacked' }),
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/current-user/${at(customer.email)}`,
      payload: profileInput({ address: 'Hijacked' }),
    });
    expect(anonymous.statusCode).toBe(401);

    const read = await ctx.app.inject({ method: 'GET', url: '/api/current-user', headers: customer.headers });
    expect(read.json<{ address: string }>().address).not.toBe('Hijacked');
  });

  it.each(['phone', 'address', 'study', 'fb', 'insta', 'linkdin', 'github'])(
    "a profile without %s answers 'Please Fill Up Full Form'",
    async (field) => {
      for (const value of [undefined, '', '   ']) {
        const response = await ctx.app.inject({
          method: 'PUT',
          url: `/api/current-user/${at(other.email)}`,
          headers: other.headers,
          payload: profileInput({ [field]: value }),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid-input', message: copy.profileFillForm });
      }
    },
  );

  it('social links must be http(s): javascript:, data: and bare text are refused', async () => {
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'facebook.com/me',
    ]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/current-user/${at(other.email)}`,
        headers: other.headers,
        payload: profileInput({ fb: link }),
      });
      expect(response.statusCode, link).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid-input',
        message: 'Links must start with http:// or https://',
      });
    }
    const read = await ctx.app.inject({ method: 'GET', url: '/api/current-user', headers: other.headers });
    expect(read.json<{ fb: string | null }>().fb).toBeNull();
  });

  it('the phone must look like a phone number', async () => {
    for (const phone of ['call me', '12', '+88 0171 234 567 890 123 45']) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/current-user/${at(other.email)}`,
        headers: other.headers,
        payload: profileInput({ phone }),
      });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-input', message: 'Enter a valid phone number' });
    }
  });

  it('refuses unknown fields and over-long values', async () => {
    for (const override of [{ email: 'x@shop.test' }, { role: 'admin' }, { address: 'a'.repeat(301) }]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/current-user/${at(other.email)}`,
        headers: other.headers,
        payload: profileInput(override),
      });
      expect(response.statusCode, JSON.stringify(override).slice(0, 40)).toBe(400);
    }
  });

  it('works for an account whose e-mail has a plus sign', async () => {
    const plus = await signUp(ctx.app, 'Plus Person', 'a+b@x.io');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/current-user/${at(plus.email)}`,
      headers: plus.headers,
      payload: profileInput(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'a+b@x.io' });
  });
});
