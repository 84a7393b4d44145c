import sharp from 'sharp';
import { PHOTO_THUMB_PX } from '@portal/shared';
import { AppError } from '../../lib/errors.js';

/** The formats a photo may come in (checked from its bytes, never its name or declared type). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

export interface StoredImage {
  data: Buffer;
  contentType: string;
  thumbnail: Buffer;
}

/**
 * An uploaded image made safe to store and show: its content must decode as an image (a text
 * file renamed .jpg is refused 400 not_an_image), it is turned upright from its EXIF orientation
 * and re-encoded without any metadata — GPS position, camera, times are gone — and a small JPEG
 * thumbnail is made for galleries. PNGs stay PNG (signatures, screenshots); the rest become JPEG.
 */
export async function prepareImage(input: Buffer): Promise<StoredImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError(400, 'not_an_image', 'The file is not a JPEG, PNG, WebP or HEIC image', { fields: { file: 'invalid' } });
  try {
    const upright = () => sharp(input, { failOn: 'error' }).rotate();
    const [data, thumbnail] = await Promise.all([
      format === 'png' ? upright().png().toBuffer() : upright().jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
      upright().resize(PHOTO_THUMB_PX, PHOTO_THUMB_PX, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer(),
    ]);
    return { data, contentType: format === 'png' ? 'image/png' : 'image/jpeg', thumbnail };
  } catch {
    // The header read, but the image itself does not decode (truncated, corrupt).
    throw new AppError(400, 'not_an_image', 'The image could not be read', { fields: { file: 'invalid' } });
  }
}
