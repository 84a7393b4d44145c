import type { default as SharpFactory, Metadata, Sharp } from 'sharp';
import { PHOTO_THUMB_PX } from '@portal/shared';
import { AppError } from './errors.js';

let sharpLoading: Promise<typeof SharpFactory> | null = null;

/**
 * sharp (libvips: ~27 MB resident) loads with the first image the server reads, not with the
 * server: most instances start and serve for long without touching one (issue #26).
 */
export function loadSharp(): Promise<typeof SharpFactory> {
  sharpLoading ??= import('sharp').then((module) => module.default);
  return sharpLoading;
}

/** The image formats the server reads (sharp's names; `heif` also covers AVIF). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';

/** What an uploaded image may be: its formats (judged by its bytes) and its size in pixels. */
export interface ImageRules {
  formats: readonly ImageFormat[];
  /** Width × height at most this (checked from the header, before any pixel is decoded). */
  maxPixels: number;
  /** Width and height each at most this. */
  maxSide: number;
  /** The limits in words, for the refusal's message. */
  limitText: string;
  /** The request field the image came in: the refusals name it in `fields`. */
  field: string;
  /** How a file that is not a readable image of `formats` is refused (400). */
  invalid: { code: 'not_an_image' | 'validation_failed'; message: string };
}

/**
 * Photos (issue #22): 40 Mpx and 12000 px a side. A 12-Mpx phone photo is 4032×3024, a 24-Mpx
 * camera's 6000×4000, a wide panorama 12000×3000. Decoding and re-encoding a 40-Mpx photo peaks
 * at ~300–420 MB (rotated from EXIF: the most); sharp's own default limit (268 Mpx) let a 1 MB,
 * 16000×16000 JPEG take 38 s and 1.6 GB, and a 38-byte WebP 48 s and 2.3 GB.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
export const MAX_PHOTO_SIDE = 12_000;
/** Images decoded (and re-encoded) at once in this process; more wait their turn. */
export const MAX_CONCURRENT_DECODES = 2;

export const PHOTO_RULES: ImageRules = {
  formats: ['jpeg', 'png', 'webp', 'heif'],
  maxPixels: MAX_PHOTO_PIXELS,
  maxSide: MAX_PHOTO_SIDE,
  limitText: `${MAX_PHOTO_PIXELS / 1_000_000} megapixels and ${MAX_PHOTO_SIDE} pixels a side`,
  field: 'file',
  invalid: { code: 'not_an_image', message: 'The file is not a JPEG, PNG, WebP or HEIC image' },
};

// Measured (issue #22): sharp.concurrency is already 1 here (sharp's default on glibc Linux), and
// sharp.cache(false) changed neither peak nor retained memory (its cache held 0 MB after each
// upload), so neither is set: MAX_CONCURRENT_DECODES is what bounds memory.

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** Palette-based (PNG): worth keeping so when re-encoding. */
  palette: boolean;
}

/** The format by the first bytes, before any decoder sees them (SVG, TIFF, GIF… never reach one). */
function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'heif';
  return null;
}

const invalid = (rules: ImageRules, message = rules.invalid.message) => new AppError(400, rules.invalid.code, message, { fields: { [rules.field]: 'invalid' } });
const tooLarge = (rules: ImageRules, width: number, height: number) =>
  new AppError(413, 'payload_too_large', `The image is ${width}×${height} pixels; at most ${rules.limitText} are accepted`, {
    fields: { [rules.field]: 'too_long' },
    details: { width, height, max_pixels: rules.maxPixels, max_side: rules.maxSide },
  });

/**
 * The one check of an uploaded image, from its header alone (no pixel is decoded, ~1 ms): one of
 * the formats allowed by its bytes (else 400, the rules' code), and no larger than the rules'
 * pixels and side (else 413 payload_too_large naming the limit) — a decompression bomb, a small
 * file declaring a huge picture, is refused here.
 */
export async function checkImage(input: Buffer, rules: ImageRules): Promise<ImageHeader> {
  const sniffed = sniffFormat(input);
  if (!sniffed || !rules.formats.includes(sniffed)) throw invalid(rules);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // No pixel limit here: the header of any size is read, so an oversized one is told apart.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(rules);
  }
  const { width, height } = meta;
  if (meta.format !== sniffed || !width || !height) throw invalid(rules);
  if (width > rules.maxSide || height > rules.maxSide || width * height > rules.maxPixels) throw tooLarge(rules, width, height);
  return { format: sniffed, width, height, palette: meta.isPalette === true };
}

let decoding = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `work` (a decode and re-encode) when fewer than MAX_CONCURRENT_DECODES run: each holds up
 * to a decoded image in memory, so bursts of uploads queue here instead of adding up.
 */
export async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < MAX_CONCURRENT_DECODES) decoding++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or frees.
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

/**
 * A sharp pipeline on a checked image: the rules' pixel limit once more (should a decoder see
 * other dimensions than the header read), failing on a corrupt image, turned upright from its
 * EXIF orientation. Outputs carry no metadata (sharp's default).
 */
function pipeline(sharp: typeof SharpFactory, input: Buffer, rules: ImageRules): Sharp {
  return sharp(input, { failOn: 'error', limitInputPixels: rules.maxPixels }).rotate();
}

/** Decodes and re-encodes in a slot; a file whose header read but whose pixels do not is refused 400. */
async function decoded<T>(input: Buffer, header: ImageHeader, rules: ImageRules, work: () => Promise<T>): Promise<T> {
  try {
    return await inDecodeSlot(work);
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooLarge(rules, header.width, header.height);
    throw invalid(rules, 'The image could not be read');
  }
}

/**
 * An image checked (checkImage) and re-encoded in its own format without any metadata — GPS
 * position, camera, times, comments and anything appended to the file are gone: PNG stays
 * lossless (palette-based ones keep a palette), JPEG and WebP at quality 90.
 */
export async function reencodeImage(input: Buffer, rules: ImageRules): Promise<{ data: Buffer; format: ImageFormat; width: number; height: number }> {
  const header = await checkImage(input, rules);
  const sharp = await loadSharp();
  const data = await decoded(input, header, rules, () => {
    const image = pipeline(sharp, input, rules);
    switch (header.format) {
      case 'png':
        return image.png({ palette: header.palette }).toBuffer();
      case 'webp':
        return image.webp({ quality: 90 }).toBuffer();
      case 'heif':
        return image.avif({ quality: 70 }).toBuffer();
      default:
        return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    }
  });
  return { data, format: header.format, width: header.width, height: header.height };
}

export interface StoredImage {
  data: Buffer;
  contentType: string;
  thumbnail: Buffer;
}

/**
 * An uploaded photo made safe to store and show: checked from its header first (checkImage with
 * PHOTO_RULES: a text file renamed .jpg is refused 400 not_an_image, a picture over 40 Mpx 413),
 * then decoded in a slot (inDecodeSlot), turned upright from its EXIF orientation and re-encoded
 * without any metadata — GPS position, camera, times are gone — and a small JPEG thumbnail is
 * made for galleries. PNGs stay PNG (signatures, screenshots); the rest become JPEG.
 */
export async function prepareImage(input: Buffer): Promise<StoredImage> {
  const header = await checkImage(input, PHOTO_RULES);
  const sharp = await loadSharp();
  return decoded(input, header, PHOTO_RULES, async () => {
    const [data, thumbnail] = await Promise.all([
      header.format === 'png' ? pipeline(sharp, input, PHOTO_RULES).png().toBuffer() : pipeline(sharp, input, PHOTO_RULES).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
      pipeline(sharp, input, PHOTO_RULES).resize(PHOTO_THUMB_PX, PHOTO_THUMB_PX, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer(),
    ]);
    return { data, contentType: header.format === 'png' ? 'image/png' : 'image/jpeg', thumbnail };
  });
}
