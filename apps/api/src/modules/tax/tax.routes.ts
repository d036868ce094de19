import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { CERTIFICATE_FILE_MAX_BYTES } from '@shop/shared/contracts/tax';
import { invalidInput } from '../../lib/errors';
import { oneFileForm, readFilePart } from '../../lib/read-file-part';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import {
  attachCertificateFile,
  createCertificate,
  decideCertificate,
  deleteCertificate,
  listCertificates,
  openCertificateFile,
} from './certificates';

const FILE_FIELD = 'file';
import {
  createTaxRegistration,
  deleteTaxRegistration,
  listTaxRegistrations,
  updateTaxRegistration,
} from './registrations';

/** The shop's tax registrations (its admins) and companies' resale certificates (docs/behaviour.md §5.22). */
export const taxRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /tax-registration', async () => listTaxRegistrations(db));

  addRoute(app, 'POST /tax-registration', async (request) =>
    createTaxRegistration(db, actorOf(request), request.body),
  );

  addRoute(app, 'PATCH /tax-registration/:id', async (request) =>
    updateTaxRegistration(db, actorOf(request), request.params.id, request.body),
  );

  addRoute(app, 'DELETE /tax-registration/:id', async (request) => ({
    deletedCount: await deleteTaxRegistration(db, actorOf(request), request.params.id),
  }));

  addRoute(app, 'GET /company/:id/resale-certificate', async (request) =>
    listCertificates(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /company/:id/resale-certificate', async (request) =>
    createCertificate(db, actorOf(request), request.params.id, request.body),
  );

  addRoute(app, 'PATCH /company/:id/resale-certificate/:certificateId', async (request) =>
    decideCertificate(db, actorOf(request), request.params.id, request.params.certificateId, request.body),
  );

  addRoute(app, 'DELETE /company/:id/resale-certificate/:certificateId', async (request) => ({
    deletedCount: await deleteCertificate(
      db,
      app.uploads.storage,
      actorOf(request),
      request.params.id,
      request.params.certificateId,
    ),
  }));

  addRoute(app, 'GET /company/:id/resale-certificate/:certificateId/file', async (request, reply) => {
    const { id, certificateId } = request.params;
    const file = await openCertificateFile(db, app.uploads.storage, actorOf(request), id, certificateId);
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header(
        'content-disposition',
        `attachment; filename="resale-certificate-${certificateId.slice(0, 8)}.pdf"`,
      )
      .header('content-security-policy', "sandbox; default-src 'none'")
      .send(file.body);
  });

  // Multipart in a scope of its own: no other route of this plugin takes it.
  await app.register(async (scope) => {
    await scope.register(multipart, oneFileForm(CERTIFICATE_FILE_MAX_BYTES));
    addRoute(scope, 'PUT /company/:id/resale-certificate/:certificateId/file', async (request) => {
      const file = await readFilePart(request, FILE_FIELD, 'the certificate');
      if (!file) throw invalidInput(`Choose the certificate's PDF in the field "${FILE_FIELD}"`);
      const { id, certificateId } = request.params;
      return attachCertificateFile(db, app.uploads.storage, actorOf(request), id, certificateId, file);
    });
  });
};
