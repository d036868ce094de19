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

interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
}

export interface StripeStandIn {
  port: number;
  intents: Map<string, StandInIntent>;
  /** Refunds made, by id. */
  refunds: Map<string, StandInRefund>;
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
 * A local stand-in for the Stripe endpoints the shop calls (create, retrieve and cancel a payment
 * intent; create and list refunds), speaking Stripe's wire format: form-encoded requests, JSON answers and errors,
 * idempotency keys. The real SDK is pointed at it with host, port and protocol.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds = new Map<string, StandInRefund>();
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

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return send(response, 404, invalidRequest('resource_missing', 'No such payment_intent'));
      // As Stripe: a succeeded or canceled intent cannot be canceled.
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(
          response,
          400,
          invalidRequest(
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          ),
        );
      }
      intent.status = 'canceled';
      return send(response, 200, intent);
    }

    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const replayed = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
      if (replayed) return send(response, 200, refunds.get(replayed));
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return send(response, 404, invalidRequest('resource_missing', 'No such payment_intent'));
      if ([...refunds.values()].some((refund) => refund.payment_intent === intent.id)) {
        return send(
          response,
          400,
          invalidRequest('charge_already_refunded', 'Charge has already been refunded.'),
        );
      }
      if (intent.status !== 'succeeded') {
        return send(
          response,
          400,
          invalidRequest(
            'payment_intent_unexpected_state',
            'This PaymentIntent has no successful charge to refund.',
          ),
        );
      }
      const refund: StandInRefund = {
        id: `re_${token()}`,
        object: 'refund',
        amount: intent.amount,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund.id);
      return send(response, 200, refund);
    }

    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const data = [...refunds.values()].filter(
        (refund) => refund.payment_intent === url.searchParams.get('payment_intent'),
      );
      return send(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
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
    refunds,
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
