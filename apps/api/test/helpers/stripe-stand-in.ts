import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment intent as the stand-in keeps it: the fields of Stripe's object that we read. */
interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  status: string;
  client_secret: string;
  created: number;
  livemode: false;
}

interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface StripeStandIn {
  port: number;
  intents: Map<string, StandInIntent>;
  requests: StandInRequest[];
  /** How the stand-in answers from now on: as Stripe, with a 500, or not at all. */
  mode: 'ok' | 'fail' | 'hang';
  /** What Stripe does once the customer's card is confirmed in the browser. */
  succeed(intentId: string): StandInIntent;
  close(): Promise<void>;
}

/** Stripe's limit on one payment, in cents ($999,999.99). */
const MAX_AMOUNT = 99_999_999;

const token = () => randomBytes(12).toString('hex');

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token()}` });
  response.end(JSON.stringify(body));
}

const invalidRequest = (code: string, message: string, param?: string) => ({
  error: { type: 'invalid_request_error', code, message, param },
});

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A local stand-in for the two Stripe endpoints the shop calls (create and retrieve a payment
 * intent), speaking Stripe's wire format: form-encoded requests, JSON answers and errors,
 * idempotency keys. The real SDK is pointed at it with host, port and protocol.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: StandInRequest[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = await readForm(request);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      idempotencyKey,
      form,
    });
    if (standIn.mode === 'hang') return;
    if (standIn.mode === 'fail') {
      return send(response, 500, {
        error: { type: 'api_error', message: 'An unknown error occurred' },
      });
    }

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const replayed = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
      if (replayed) return send(response, 200, intents.get(replayed));
      const amount = Number(form.get('amount'));
      if (amount > MAX_AMOUNT) {
        return send(
          response,
          400,
          invalidRequest('amount_too_large', 'Amount must be no more than $999,999.99', 'amount'),
        );
      }
      const id = `pi_${token()}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.get('currency') ?? '',
        metadata,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${token()}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(response, 200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (intent) return send(response, 200, intent);
      return send(
        response,
        404,
        invalidRequest('resource_missing', `No such payment_intent: '${retrieve[1]}'`, 'intent'),
      );
    }
    send(
      response,
      404,
      invalidRequest('not_found', `Unrecognized request URL (${request.method}: ${url.pathname})`),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: StripeStandIn = {
    mode: 'ok',
    port: (server.address() as AddressInfo).port,
    intents,
    requests,
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};

/** The environment of an app that uses Stripe, with the SDK pointed at the stand-in. */
export const stripeEnv = (standIn: StripeStandIn) => ({
  PAYMENTS: 'stripe',
  ...STRIPE_TEST_KEYS,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(standIn.port),
  STRIPE_API_PROTOCOL: 'http',
});
