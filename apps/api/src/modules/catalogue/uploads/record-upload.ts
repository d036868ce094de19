import type { DbExecutor } from '../../../db/client';
import { uploads } from './uploads.table';

export interface UploadRecord {
  key: string;
  byteSize: number;
  width: number;
  height: number;
  /** The widths of its narrower copies, stored under copyKey(key, width). */
  copyWidths: number[];
  /** The admin who uploaded it; null for the demo pictures. */
  uploadedBy: string | null;
}

/**
 * Records a stored picture, unused until a tool links it. A record that exists already (a demo
 * picture kept from an earlier catalogue) is left as it is: linking takes it over.
 */
export async function recordUpload(db: DbExecutor, record: UploadRecord): Promise<void> {
  await db.insert(uploads).values(record).onConflictDoNothing({ target: uploads.key });
}
