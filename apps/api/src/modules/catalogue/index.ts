/**
 * The catalogue: tools and their categories, search and pages, the stock ledger, archiving, and
 * pictures (uploads and their storage), with the copy of it kept in memory (docs/behaviour.md
 * §3); and companies' contract prices (§3.15). It writes the tools table; ordering takes and returns stock through `releaseStock` and
 * the database function `place_order`'s guarded decrement.
 */
export { catalogueRoutes } from './routes';
export { contractPrices } from './prices/contract-prices.table';
export { releaseStock } from './stock/stock.service';
export { ToolsCache } from './tools/catalogue-cache';
export { searchTools } from './tools/search-tools';
export { hasAnyTool, insertTool } from './tools/tools.service';
export { tools } from './tools/tools.table';
export { toolsBySku, toolsForOrder, type ToolForOrder } from './tools/tools-for-order';
export { createDiskStorage } from './uploads/disk-storage';
export type { ImageStorage } from './uploads/image-storage';
/** The S3 client is loaded only when S3_BUCKET chooses it. */
export const loadS3Storage = () => import('./uploads/s3-storage');
export { recordUpload } from './uploads/record-upload';
export { sweepUnusedUploads, type SweepOptions } from './uploads/sweep-unused-uploads';
export {
  COPY_WIDTHS,
  STORED_IMAGE_TYPE,
  UPLOADS_PATH,
  copyKey,
  demoUploadKey,
  isStoredKey,
  uploadUrl,
} from './uploads/upload-keys';
