import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { createTestApp, signUpAdmin, type SignedIn, type TestContext } from './helpers/test-app';

/** A broken multipart body is the client's mistake: a 4xx with `{ code, message }`, never a 500. */
let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app);
});
afterAll(() => ctx.close());

/** Bytes that claim to be multipart and are not (bad input), sent as they are. */
const send = (contentType: string, payload: string | Buffer) =>
  call(ctx.app, 'POST /upload', { as: admin, unsafeBody: payload, headers: { 'content-type': contentType } });

const boundary = '----shop-test-boundary';
const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

describe('malformed multipart uploads', () => {
  it.each([
    ['no boundary', 'multipart/form-data', `${head}abc\r\n--${boundary}--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${head}abc\r\n--${boundary}--\r\n`],
    ['a cut-off body', `multipart/form-data; boundary=${boundary}`, `${head}abcdef`],
    [
      'a cut-off header',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-da`,
    ],
    ['no parts at all', `multipart/form-data; boundary=${boundary}`, `--${boundary}--\r\n`],
    ['an empty body', `multipart/form-data; boundary=${boundary}`, ''],
    ['garbage', `multipart/form-data; boundary=${boundary}`, 'not multipart at all'],
    [
      'another boundary than declared',
      `multipart/form-data; boundary=other`,
      `${head}abc\r\n--${boundary}--\r\n`,
    ],
  ])('%s answers a 4xx with a message', async (_case, contentType, payload) => {
    const response = await send(contentType, payload);
    expect(response.status, response.text).toBeGreaterThanOrEqual(400);
    expect(response.status, response.text).toBeLessThan(500);
    expect(response.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
