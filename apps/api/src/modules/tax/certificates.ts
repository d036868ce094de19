import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type {
  ResaleCertificate,
  createResaleCertificateBody,
  decideCertificateBody,
} from '@shop/shared/contracts/tax';
import type { z } from 'zod';
import { recordAudit } from '../audit';
import { companies, companyAccess } from '../companies';
import type { Database } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { todayUtc } from '../../lib/utc-days';
import type { Actor } from '../../lib/request-context';
import { resaleCertificates } from './tax.table';

type Row = typeof resaleCertificates.$inferSelect;

const toDto = (row: Row): ResaleCertificate => ({
  id: row.id,
  country: row.country,
  region: row.region,
  number: row.number,
  expiresOn: row.expiresOn,
  state: row.state,
  rejectReason: row.rejectReason,
  hasFile: row.fileKey !== null,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** Today as YYYY-MM-DD in UTC, the calendar the database's current_date keeps (the server's zone is UTC). */

/** The company's certificates, newest first (its members, or the shop's admins). */
export async function listCertificates(
  db: Database,
  actor: Actor,
  companyId: string,
): Promise<ResaleCertificate[]> {
  await companyAccess(db, actor, companyId, 'member');
  const rows = await db
    .select()
    .from(resaleCertificates)
    .where(eq(resaleCertificates.companyId, companyId))
    .orderBy(desc(resaleCertificates.createdAt));
  return rows.map(toDto);
}

/** A company admin sends a certificate; it exempts nothing until the shop verifies it. */
export async function createCertificate(
  db: Database,
  actor: Actor,
  companyId: string,
  body: z.output<typeof createResaleCertificateBody>,
): Promise<ResaleCertificate> {
  await companyAccess(db, actor, companyId, 'company-admin');
  if (body.expiresOn < todayUtc()) {
    throw invalidInput(`This certificate expired on ${body.expiresOn}: send one that is current`);
  }
  const [row] = await db
    .insert(resaleCertificates)
    .values({ companyId, ...body, createdBy: actor.id })
    .returning();
  return toDto(row!);
}

/** The shop's admin verifies (its orders in that region are exempt from then on) or rejects. */
export async function decideCertificate(
  db: Database,
  actor: Actor,
  companyId: string,
  certificateId: string,
  body: z.output<typeof decideCertificateBody>,
): Promise<ResaleCertificate> {
  if (!isUuid(companyId) || !isUuid(certificateId)) throw notFound('Certificate');
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ certificate: resaleCertificates, companyName: companies.name })
      .from(resaleCertificates)
      .innerJoin(companies, eq(companies.id, resaleCertificates.companyId))
      .where(and(eq(resaleCertificates.id, certificateId), eq(resaleCertificates.companyId, companyId)))
      .for('update', { of: resaleCertificates });
    if (!found) throw notFound('Certificate');
    if (found.certificate.state !== 'pending') {
      throw conflict(`This certificate was already ${found.certificate.state}`);
    }
    const verified = body.decision === 'verify';
    const [row] = await tx
      .update(resaleCertificates)
      .set({
        state: verified ? 'verified' : 'rejected',
        rejectReason: verified ? null : body.reason,
        decidedBy: actor.id,
        decidedAt: new Date(),
      })
      .where(eq(resaleCertificates.id, certificateId))
      .returning();
    await recordAudit(tx, {
      actor,
      kind: verified ? 'company.certificate-verify' : 'company.certificate-reject',
      target: { type: 'company', id: companyId, label: found.companyName },
      after: {
        certificate: row!.number,
        region: `${row!.country}-${row!.region}`,
        expiresOn: row!.expiresOn,
      },
      note: verified ? null : body.reason,
    });
    return toDto(row!);
  });
}

/** Withdrawn by the company's admins or the shop's: orders from then on are taxed there again. */
export async function deleteCertificate(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  companyId: string,
  certificateId: string,
): Promise<number> {
  await companyAccess(db, actor, companyId, 'company-admin');
  if (!isUuid(certificateId)) return 0;
  const removed = await db
    .delete(resaleCertificates)
    .where(and(eq(resaleCertificates.id, certificateId), eq(resaleCertificates.companyId, companyId)))
    .returning({ id: resaleCertificates.id, fileKey: resaleCertificates.fileKey });
  if (removed[0]?.fileKey) await storage.remove(removed[0].fileKey);
  return removed.length;
}

/** Where the certificates' PDFs are kept: the pictures' storage, under keys /uploads never serves. */
export interface FileStorage {
  save(key: string, bytes: Buffer, contentType: string): Promise<void>;
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/**
 * A company admin sends the certificate's PDF while it waits for the shop's check (a decided
 * certificate's file is what was checked: 409). It replaces the one sent before. Only a PDF is
 * taken (it starts '%PDF-'); it is stored as sent, and only ever answered as an attachment.
 */
export async function attachCertificateFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  companyId: string,
  certificateId: string,
  bytes: Buffer,
): Promise<ResaleCertificate> {
  await companyAccess(db, actor, companyId, 'company-admin');
  const certificate = await certificateOf(db, companyId, certificateId);
  if (certificate.state !== 'pending') {
    throw conflict(`This certificate was already ${certificate.state}: send a new certificate instead`);
  }
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw invalidInput('Send the certificate as a PDF');
  const key = `certificate-${randomUUID()}.pdf`;
  await storage.save(key, bytes, 'application/pdf');
  const [row] = await db
    .update(resaleCertificates)
    .set({ fileKey: key })
    .where(and(eq(resaleCertificates.id, certificateId), eq(resaleCertificates.state, 'pending')))
    .returning();
  if (!row) {
    await storage.remove(key);
    throw conflict('This certificate was decided meanwhile: send a new certificate instead');
  }
  if (certificate.fileKey) await storage.remove(certificate.fileKey);
  return toDto(row);
}

/** The certificate's PDF, for the company's members and the shop's admins; 404 when none was sent. */
export async function openCertificateFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  companyId: string,
  certificateId: string,
): Promise<{ body: Readable; size: number }> {
  await companyAccess(db, actor, companyId, 'member');
  const { fileKey } = await certificateOf(db, companyId, certificateId);
  const file = fileKey ? await storage.open(fileKey) : null;
  if (!file) throw notFound('Certificate file');
  return file;
}

async function certificateOf(db: Database, companyId: string, certificateId: string): Promise<Row> {
  if (!isUuid(certificateId)) throw notFound('Certificate');
  const [row] = await db
    .select()
    .from(resaleCertificates)
    .where(and(eq(resaleCertificates.id, certificateId), eq(resaleCertificates.companyId, companyId)));
  if (!row) throw notFound('Certificate');
  return row;
}
