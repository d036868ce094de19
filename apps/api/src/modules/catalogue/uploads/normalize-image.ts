import type { Metadata, SharpOptions } from 'sharp';
import { UPLOAD_MAX_PIXELS, IMAGE_WIDTHS } from '@shop/shared/constants';
import { AppError } from '../../../lib/errors';
import { loadSharp } from './load-sharp';
import { COPY_WIDTHS } from './upload-keys';

/** The longest side of a stored picture; smaller pictures are never enlarged. */
const STORED_IMAGE_MAX_SIDE = IMAGE_WIDTHS.at(-1)!;
const WEBP_QUALITY = 80;

/**
 * Raster formats we accept, told by their leading bytes. SVG is refused on purpose: it is a
 * document that can carry script and fetch resources, and sharp would happily read it.
 */
type AcceptedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const tiffHeader = ascii(bytes, 0, 4);
  if (tiffHeader === 'II*\0' || tiffHeader === 'MM\0*') return 'tiff';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    // ISO media file: AVIF when its major or a compatible brand says so (HEIC is not accepted).
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** What sharp must report for each accepted format: the bytes and the decoder must agree. */
function decoderMatches(format: AcceptedFormat, metadata: Metadata): boolean {
  if (format === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === format;
}

const notAnImage = () => new AppError('unsupported-image', 'The file is not an image we can read');

/** A narrower copy of a picture, for small screens (docs/behaviour.md §3.6). */
interface ImageCopy {
  webp: Buffer;
  width: number;
}

/** A re-encoded picture, its size in pixels, and its narrower copies, narrowest first. */
export interface NormalizedImage {
  webp: Buffer;
  width: number;
  height: number;
  copies: ImageCopy[];
}

/**
 * Decodes an uploaded file as a raster image and re-encodes it: turned upright by its EXIF
 * orientation, fitted within 1600 x 1600 without enlargement, WebP, all metadata (EXIF, GPS,
 * ICC, XMP) dropped. What comes out can only ever be a picture, whatever went in. Beside it, a
 * copy 400 and one 800 pixels wide, each only when the picture is wider (never enlarged).
 */
export async function normalizeImage(input: Buffer): Promise<NormalizedImage> {
  const format = sniffFormat(input);
  if (!format) throw notAnImage();

  const sharp = await loadSharp();
  const options: SharpOptions = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!decoderMatches(format, metadata)) throw notAnImage();
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) {
    throw new AppError(
      'payload-too-large',
      `The image is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
    );
  }

  try {
    const upright = sharp(input, { ...options, autoOrient: true });
    const { data, info } = await upright
      .clone()
      .resize(STORED_IMAGE_MAX_SIDE, STORED_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const copies: ImageCopy[] = [];
    for (const width of COPY_WIDTHS.filter((copyWidth) => copyWidth < info.width)) {
      const copy = await upright.clone().resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
      copies.push({ webp: copy, width });
    }
    return { webp: data, width: info.width, height: info.height, copies };
  } catch {
    throw notAnImage();
  }
}
