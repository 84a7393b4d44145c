import { deflateSync } from 'node:zlib';

/**
 * A signature-like scribble as a real PNG (RGBA, transparent background, dark-blue ink, drawn
 * anti-aliased), for the demo requests' customer signatures. `seed` varies the loops, so each
 * demo customer's signature looks different. A few KB; deterministic for a given seed.
 */
export function signaturePng(seed: number, width = 320, height = 110): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  const ink = [24, 40, 110] as const;
  const radius = 1.4;

  const plot = (x0: number, y0: number, x1: number, y1: number) => {
    const minX = Math.max(0, Math.floor(Math.min(x0, x1) - radius - 1));
    const maxX = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + radius + 1));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1) - radius - 1));
    const maxY = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + radius + 1));
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        // Distance from the pixel centre to the segment.
        const t = Math.max(0, Math.min(1, ((x + 0.5 - x0) * dx + (y + 0.5 - y0) * dy) / len2));
        const d = Math.hypot(x + 0.5 - (x0 + t * dx), y + 0.5 - (y0 + t * dy));
        const alpha = Math.max(0, Math.min(1, radius + 0.5 - d));
        if (alpha <= 0) continue;
        const i = (y * width + x) * 4;
        const a = Math.max(rgba[i + 3]!, Math.round(alpha * 255));
        rgba[i] = ink[0];
        rgba[i + 1] = ink[1];
        rgba[i + 2] = ink[2];
        rgba[i + 3] = a;
      }
    }
  };
  const stroke = (points: [number, number][]) => {
    for (let i = 1; i < points.length; i++) plot(points[i - 1]![0], points[i - 1]![1], points[i]![0], points[i]![1]);
  };

  // A small deterministic generator, so a seed always draws the same signature.
  let state = (seed * 2654435761) >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };

  // The name: a trochoid (forward motion plus loops), its height and loop size wandering.
  const loops = 5 + Math.floor(rand() * 4);
  const loopRadius = 13 + rand() * 7;
  const slant = 0.25 + rand() * 0.2;
  const phase = rand() * 2;
  const main: [number, number][] = [];
  const steps = loops * 24;
  for (let s = 0; s <= steps; s++) {
    const t = (s / steps) * loops * 2 * Math.PI;
    const envelope = 0.55 + 0.45 * Math.sin(t / loops + phase);
    const r = loopRadius * envelope;
    const y = height * 0.5 - r * Math.sin(t) - 6 * Math.sin(t / (loops * 0.7));
    const x = 24 + (t / (loops * 2 * Math.PI)) * (width - 90) - r * Math.cos(t) * 0.8 + (height * 0.5 - y) * slant;
    main.push([x, y]);
  }
  stroke(main);
  // A flourish underneath, and a dot.
  const underline: [number, number][] = [];
  const y0 = height * 0.8;
  const bend = 1 + rand() * 0.3;
  for (let s = 0; s <= 40; s++) {
    const u = s / 40;
    underline.push([18 + u * (width - 50), y0 + 6 * Math.sin(u * Math.PI * bend) - u * 8]);
  }
  stroke(underline);
  const dotX = width - 40 + rand() * 10;
  stroke([
    [dotX, height * 0.3],
    [dotX + 1.5, height * 0.3 + 1.5],
  ]);

  return encodePng(width, height, rgba);
}

/** The signature as the data URL the feedback API takes. */
export const signatureDataUrl = (seed: number) => `data:image/png;base64,${signaturePng(seed).toString('base64')}`;

function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

let crcTable: Uint32Array | null = null;
function crc32(data: Buffer): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
