import type { FastifyPluginAsync } from 'fastify';
import { formatDollars } from '@shop/shared/money';
import { quotePath } from '@shop/shared/order-links';
import { publicUrlOf } from '../../config';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { placeDepsOf } from '../cart';
import { orderLimitsOf } from '../ordering';
import { acceptQuote, allQuotes, findQuoteFor, myQuotes, priceQuote, requestQuote } from './quotes.service';

/** Quotes: asked from the cart, priced and sent by the shop, accepted once (docs/behaviour.md §5.24). */
export const quoteRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const limits = orderLimitsOf(app.config);
  const publicUrl = publicUrlOf(app.config);

  addRoute(app, 'POST /quote', async (request, reply) =>
    reply.code(201).send(await requestQuote(db, actorOf(request), request.body.note, limits)),
  );

  addRoute(app, 'GET /my-quote', async (request) => myQuotes(db, actorOf(request)));

  addRoute(app, 'GET /quote', async (request) => allQuotes(db, request.query));

  addRoute(app, 'GET /quote/:id', async (request) => findQuoteFor(db, actorOf(request), request.params.id));

  addRoute(app, 'PUT /quote/:id/prices', async (request) => {
    const quote = await priceQuote(db, actorOf(request), request.params.id, request.body);
    // Committed: the buyer hears the prices are ready.
    app.mail.send('quote-sent', quote.customer.email, {
      name: null,
      number: quote.number,
      total: formatDollars(quote.quotedTotal ?? 0),
      expiresOn: quote.expiresOn ?? '',
      message: quote.message,
      url: `${publicUrl}${quotePath(quote.id)}`,
    });
    return quote;
  });

  addRoute(app, 'POST /quote/:id/accept', async (request, reply) => {
    const placed = await acceptQuote(
      placeDepsOf(app),
      actorOf(request),
      request.params.id,
      request.body,
      request.headers['idempotency-key'],
    );
    return reply.code(201).send(placed);
  });
};
