import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import type { RouteInput } from '@shop/shared/api/routes';
import { call } from './helpers/call';
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

type ProfileBody = RouteInput<'PUT /current-user/:email'>['body'];

function profileInput(overrides: Partial<ProfileBody> = {}): ProfileBody {
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
      const response = await call(ctx.app, 'PUT /user/:email', {
        as: customer,
        params: { email },
        body: { email },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ token: customer.token });
    }
  });

  it('accepts an empty body and the Bearar scheme', async () => {
    const response = await call(ctx.app, 'PUT /user/:email', {
      params: { email: customer.email },
      body: {},
      headers: { authorization: `Bearar ${customer.token}` },
    });
    expect(response.body).toEqual({ token: customer.token });
  });

  it('works for an e-mail beginning with "admin" (not confused with /user/admin/{email})', async () => {
    const response = await call(ctx.app, 'PUT /user/:email', {
      as: admin,
      params: { email: ADMIN_EMAIL },
      body: { email: ADMIN_EMAIL },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: admin.token });
  });

  it('gives no token without proof: a visitor or a bad token is a 401', async () => {
    const anonymous = await call(ctx.app, 'PUT /user/:email', {
      params: { email: customer.email },
      body: { email: customer.email },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toMatchObject({ code: 'unauthorized' });
    expect(anonymous.text).not.toContain(customer.token);

    const forged = await call(ctx.app, 'PUT /user/:email', {
      params: { email: customer.email },
      body: { email: customer.email },
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.status).toBe(401);
  });

  it("never hands out a token for another's e-mail, even to an admin", async () => {
    for (const caller of [other, admin]) {
      const response = await call(ctx.app, 'PUT /user/:email', {
        as: caller,
        params: { email: customer.email },
        body: { email: customer.email },
      });
      expect(response.status).toBe(403);
      expect(response.text).not.toContain(customer.token);
    }
  });

  it('refuses a body e-mail that differs from the path, and unknown fields', async () => {
    for (const payload of [{ email: other.email }, { email: customer.email, role: 'admin' }]) {
      const response = await call(ctx.app, 'PUT /user/:email', {
        as: customer,
        params: { email: customer.email },
        body: payload,
      });
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.error).toMatchObject({ code: 'invalid-input' });
    }
  });
});

describe('GET /admin/{email}: the admin flag', () => {
  const flag = (caller: SignedIn | null, email: string) =>
    call(ctx.app, 'GET /admin/:email', { as: caller, params: { email: email } });

  it('tells a customer and an admin about themselves', async () => {
    expect((await flag(customer, customer.email)).body).toEqual({ admin: false });
    expect((await flag(admin, ADMIN_EMAIL)).body).toEqual({ admin: true });
    expect((await flag(admin, ADMIN_EMAIL.toUpperCase())).body).toEqual({ admin: true });
  });

  it('lets an admin ask about anyone; an unknown e-mail is not an admin', async () => {
    expect((await flag(admin, customer.email)).body).toEqual({ admin: false });
    expect((await flag(admin, 'nobody@shop.test')).body).toEqual({ admin: false });
  });

  it('refuses a customer asking about another account, and a visitor', async () => {
    expect((await flag(customer, ADMIN_EMAIL)).status).toBe(403);
    expect((await flag(customer, other.email)).status).toBe(403);
    expect((await flag(null, customer.email)).status).toBe(401);
  });
});

describe('GET /user: the Make Admin list', () => {
  it('lists every account with its role, oldest first (admin only)', async () => {
    const response = await call(ctx.app, 'GET /user', { as: admin });
    expect(response.status).toBe(200);
    const users = response.body;
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
    expect((await call(ctx.app, 'GET /user', { as: customer })).status).toBe(403);
    expect((await call(ctx.app, 'GET /user')).status).toBe(401);
  });
});

describe('PUT /user/admin/{email}: make admin', () => {
  it('refuses a body: the route takes none, and nothing changes', async () => {
    const target = await signUpCustomer(ctx.app, 'body');
    for (const payload of [{ role: 'customer' }, {}, [] as unknown[]]) {
      const response = await call(ctx.app, 'PUT /user/admin/:email', {
        as: admin,
        params: { email: target.email },
        unsafeBody: payload,
      });
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.error).toMatchObject({ code: 'invalid-input', message: 'This request takes no body' });
    }
    const flag = await call(ctx.app, 'GET /admin/:email', { as: admin, params: { email: target.email } });
    expect(flag.body).toEqual({ admin: false });
  });

  it('promotes a customer at once: their next admin request succeeds with the same token', async () => {
    const promoted = await signUpCustomer(ctx.app, 'pia');
    const before = await call(ctx.app, 'GET /user', { as: promoted });
    expect(before.status).toBe(403);

    const first = await call(ctx.app, 'PUT /user/admin/:email', {
      as: admin,
      params: { email: promoted.email },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1 });

    const after = await call(ctx.app, 'GET /user', { as: promoted });
    expect(after.status).toBe(200);
    expect(after.body).toContainEqual(expect.objectContaining({ email: promoted.email, role: 'admin' }));
    const ownFlag = await call(ctx.app, 'GET /admin/:email', {
      as: promoted,
      params: { email: promoted.email },
    });
    expect(ownFlag.body).toEqual({ admin: true });

    const again = await call(ctx.app, 'PUT /user/admin/:email', {
      as: admin,
      params: { email: promoted.email.toUpperCase() },
    });
    expect(again.body).toEqual({ modifiedCount: 0 });
  });

  it('answers 404 for an unknown e-mail', async () => {
    const response = await call(ctx.app, 'PUT /user/admin/:email', {
      as: admin,
      params: { email: 'nobody@shop.test' },
    });
    expect(response.status).toBe(404);
    expect(response.error).toMatchObject({ code: 'not-found' });
  });

  it('refuses a customer making anyone (themselves included) an admin', async () => {
    for (const email of [customer.email, other.email]) {
      const response = await call(ctx.app, 'PUT /user/admin/:email', {
        as: customer,
        params: { email },
      });
      expect(response.status).toBe(403);
    }
    const flag = await call(ctx.app, 'GET /admin/:email', {
      as: customer,
      params: { email: customer.email },
    });
    expect(flag.body).toEqual({ admin: false });
  });
});

describe('profile: GET /current-user and PUT /current-user/{email}', () => {
  it('a new account has its name and e-mail and no profile fields yet', async () => {
    const fresh = await signUpCustomer(ctx.app, 'fred');
    for (const query of [{}, { email: fresh.email }]) {
      const response = await call(ctx.app, 'GET /current-user', { as: fresh, query });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
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
    const saved = await call(ctx.app, 'PUT /current-user/:email', {
      as: customer,
      params: { email: customer.email },
      body: profileInput(),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      email: customer.email,
      name: customer.name,
      image: null,
      ...profileInput(),
    });

    const updated = await call(ctx.app, 'PUT /current-user/:email', {
      as: customer,
      params: { email: customer.email.toUpperCase() },
      body: profileInput({ address: '  7 Roller Road  ', study: 'Design school' }),
    });
    expect(updated.status).toBe(200);

    const read = await call(ctx.app, 'GET /current-user', {
      as: customer,
      query: { email: customer.email },
    });
    expect(read.body).toMatchObject({
      address: '7 Roller Road',
      study: 'Design school',
      phone: '01712-345678',
    });
  });

  it("lets an admin read anyone's profile; an unknown e-mail is a 404", async () => {
    const read = await call(ctx.app, 'GET /current-user', {
      as: admin,
      query: { email: customer.email },
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ email: customer.email, name: customer.name });

    const unknown = await call(ctx.app, 'GET /current-user', {
      as: admin,
      query: { email: 'nobody@shop.test' },
    });
    expect(unknown.status).toBe(404);
  });

  it("refuses a customer reading another's profile, and a visitor", async () => {
    const response = await call(ctx.app, 'GET /current-user', {
      as: other,
      query: { email: customer.email },
    });
    expect(response.status).toBe(403);
    expect(response.text).not.toContain('Brush Lane');
    expect((await call(ctx.app, 'GET /current-user')).status).toBe(401);
  });

  it("no one edits another's profile, admins included", async () => {
    for (const caller of [other, admin]) {
      const response = await call(ctx.app, 'PUT /current-user/:email', {
        as: caller,
        params: { email: customer.email },
        body: profileInput({ address: 'Hijacked' }),
      });
      expect(response.status).toBe(403);
    }
    const anonymous = await call(ctx.app, 'PUT /current-user/:email', {
      params: { email: customer.email },
      body: profileInput({ address: 'Hijacked' }),
    });
    expect(anonymous.status).toBe(401);

    const read = await call(ctx.app, 'GET /current-user', { as: customer });
    expect(read.body.address).not.toBe('Hijacked');
  });

  it.each(['phone', 'address', 'study', 'fb', 'insta', 'linkdin', 'github'])(
    "a profile without %s answers 'Please Fill Up Full Form'",
    async (field) => {
      for (const value of [undefined, '', '   ']) {
        const response = await call(ctx.app, 'PUT /current-user/:email', {
          as: other,
          params: { email: other.email },
          unsafeBody: { ...profileInput(), [field]: value },
        });
        expect(response.status).toBe(400);
        expect(response.error).toMatchObject({ code: 'invalid-input', message: copy.profileFillForm });
      }
    },
  );

  it('social links must be http(s): javascript:, data: and bare text are refused', async () => {
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'facebook.com/me',
    ]) {
      const response = await call(ctx.app, 'PUT /current-user/:email', {
        as: other,
        params: { email: other.email },
        body: profileInput({ fb: link }),
      });
      expect(response.status, link).toBe(400);
      expect(response.error).toMatchObject({
        code: 'invalid-input',
        message: 'Links must start with http:// or https://',
      });
    }
    const read = await call(ctx.app, 'GET /current-user', { as: other });
    expect(read.body.fb).toBeNull();
  });

  it('the phone must look like a phone number', async () => {
    for (const phone of ['call me', '12', '+88 0171 234 567 890 123 45']) {
      const response = await call(ctx.app, 'PUT /current-user/:email', {
        as: other,
        params: { email: other.email },
        body: profileInput({ phone }),
      });
      expect(response.status, phone).toBe(400);
      expect(response.error).toMatchObject({ code: 'invalid-input', message: 'Enter a valid phone number' });
    }
  });

  it('refuses unknown fields and over-long values', async () => {
    for (const override of [{ email: 'x@shop.test' }, { role: 'admin' }, { address: 'a'.repeat(301) }]) {
      const response = await call(ctx.app, 'PUT /current-user/:email', {
        as: other,
        params: { email: other.email },
        unsafeBody: { ...profileInput(), ...override },
      });
      expect(response.status, JSON.stringify(override).slice(0, 40)).toBe(400);
    }
  });

  it('works for an account whose e-mail has a plus sign', async () => {
    const plus = await signUp(ctx.app, 'Plus Person', 'a+b@x.io');
    const response = await call(ctx.app, 'PUT /current-user/:email', {
      as: plus,
      params: { email: plus.email },
      body: profileInput(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'a+b@x.io' });
  });
});
