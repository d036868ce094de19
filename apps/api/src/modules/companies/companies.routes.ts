import type { FastifyPluginAsync } from 'fastify';
import { publicUrlOf } from '../../config';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { applyForCompany, decideCompany, findCompany, listCompanies, myCompany } from './companies.service';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations';
import { createCompanyAddress, deleteCompanyAddress, listCompanyAddresses } from './company-addresses';
import { companyAccess } from './membership';
import { listMembers, removeMember, updateMember } from './members';

/**
 * Trade accounts (docs/behaviour.md §4.18): applying and the shop's decision, members, roles and
 * invitations. Each service checks the caller's place in the company (membership.ts).
 */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const mail = { mailer: app.mail, publicUrl: publicUrlOf(app.config) };

  addRoute(app, 'POST /company', async (request) => applyForCompany(db, actorOf(request), request.body));

  addRoute(app, 'GET /company/mine', async (request) => myCompany(db, actorOf(request).id));

  addRoute(app, 'GET /company', async (request) => listCompanies(db, request.query));

  addRoute(app, 'GET /company/:id', async (request) => {
    await companyAccess(db, actorOf(request), request.params.id, 'member');
    return findCompany(db, request.params.id);
  });

  addRoute(app, 'PATCH /company/:id', async (request) =>
    decideCompany(db, mail, actorOf(request), request.params.id, request.body),
  );

  addRoute(app, 'GET /company/:id/member', async (request) =>
    listMembers(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'PATCH /company/:id/member/:userId', async (request) =>
    updateMember(db, actorOf(request), request.params.id, request.params.userId, request.body),
  );

  addRoute(app, 'DELETE /company/:id/member/:userId', async (request) => ({
    deletedCount: await removeMember(db, actorOf(request), request.params.id, request.params.userId),
  }));

  addRoute(app, 'GET /company/:id/invitation', async (request) =>
    listInvitations(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /company/:id/invitation', async (request) =>
    createInvitation(db, mail, actorOf(request), request.params.id, request.body),
  );

  addRoute(app, 'DELETE /company/:id/invitation/:invitationId', async (request) => ({
    deletedCount: await revokeInvitation(
      db,
      actorOf(request),
      request.params.id,
      request.params.invitationId,
    ),
  }));

  addRoute(app, 'GET /company/:id/address', async (request) =>
    listCompanyAddresses(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /company/:id/address', async (request) =>
    createCompanyAddress(db, actorOf(request), request.params.id, request.body),
  );

  addRoute(app, 'DELETE /company/:id/address/:addressId', async (request) => ({
    deletedCount: await deleteCompanyAddress(
      db,
      actorOf(request),
      request.params.id,
      request.params.addressId,
    ),
  }));

  addRoute(app, 'GET /invitation/:token', async (request) => previewInvitation(db, request.params.token));

  addRoute(app, 'POST /invitation/:token/accept', async (request) =>
    acceptInvitation(db, actorOf(request), request.params.token),
  );
};
