import type { FastifyRequest } from 'fastify';
import { invalidInput } from './errors';

/** @fastify/multipart's options for a form of one file of at most `fileSize` bytes and a few short fields. */
export const oneFileForm = (fileSize: number) => ({
  limits: { fileSize, files: 1, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 20 },
});

/**
 * The bytes of the multipart file field `field` (`what` names it in messages: 'the picture').
 * Every part is read, so that a limit broken by a later part is reported, not ignored. The parser
 * throws plain Errors for a body that is not multipart (no boundary, cut off, garbage): those are
 * the client's mistake, a 400, not a 500. Its limit errors carry their own 4xx status and pass
 * through. Undefined when the field held no file.
 */
export async function readFilePart(
  request: FastifyRequest,
  field: string,
  what: string,
): Promise<Buffer | undefined> {
  if (!request.isMultipart())
    throw invalidInput(`Send ${what} as multipart/form-data in the field "${field}"`);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === field) file = bytes;
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw invalidInput(
      `The upload is not a readable multipart/form-data body; send ${what} in the field "${field}"`,
    );
  }
  return file;
}
