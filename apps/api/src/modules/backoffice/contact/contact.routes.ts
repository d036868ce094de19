import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { publicUrlOf } from '../../../config';
import { actorOf } from '../../../lib/request-context';
import {
  getContactMessage,
  listContactMessages,
  setContactMessageState,
  storeContactMessage,
} from './contact.service';

/** Contact messages: sent by anyone, read by admins in the inbox (docs/behaviour.md §8.5). */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const inboxUrl = `${publicUrlOf(app.config)}/dashboard/inbox`;

  addRoute(app, 'POST /contact', async (request) => {
    // Stored first, mailed after: a mail server that fails never loses the message (§8.6).
    const message = await storeContactMessage(db, request.body);
    if (message) app.mail.send('contact-message', app.config.SHOP_EMAIL, { ...message, inboxUrl });
    return { success: true };
  });

  addRoute(app, 'GET /contact-messages', async (request) => listContactMessages(db, request.query));

  addRoute(app, 'GET /contact-messages/:id', async (request) => getContactMessage(db, request.params.id));

  addRoute(app, 'PATCH /contact-messages/:id', async (request) =>
    setContactMessageState(db, request.params.id, request.body.state, actorOf(request)),
  );
};
