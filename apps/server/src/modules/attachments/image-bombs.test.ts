import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES, ZCreateServiceRequest } from '@portal/shared';
import type { LightMyRequestResponse } from 'fastify';
import { caller, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';
import { inDecodeSlot, MAX_CONCURRENT_DECODES } from '../../lib/images.js';

/*
 * Security issue #22: decompression bombs (a small file declaring a huge picture) and broken
 * multipart bodies. The bombs are real, valid images of 16000×16000 pixels (256 Mpx) built here
 * in a few milliseconds — encoding such an image with sharp takes 7–14 s, so they are written
 * by hand instead:
 * - PNG: a 1-bit greyscale IHDR of 16000×16000 and one IDAT of deflated zero rows (CRCs computed): ~31 KB.
 * - JPEG: a baseline greyscale JPEG whose Huffman tables hold one 1-bit code each (DC diff 0,
 *   end of block), so each 8×8 block costs 2 zero bits: 4 M blocks in ~1 MB of zero bytes.
 * - WebP: a lossless 16×16 single-colour WebP from sharp (its pixels cost no bits at all) whose
 *   VP8L header (14-bit width−1 and height−1 at byte 21) is rewritten to 16000×16000: 38 bytes.
 * Each one decodes, on the old code, to a full 256-Mpx picture (12–14 s of CPU for the JPEG).
 */

const BOMB_SIDE = 16_000;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid 1-bit greyscale PNG of width×height, all black. */
function pngBomb(width = BOMB_SIDE, height = BOMB_SIDE): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (Math.ceil(width / 8) + 1)); // filter byte 0 + zero pixels, per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid baseline greyscale JPEG of width×height, all mid-grey. */
function jpegBomb(width = BOMB_SIDE, height = width): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const sof = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  // One code of length 1 ('0') for symbol 0: DC difference 0, and AC end of block.
  const huffman = (tableClass: number) => Buffer.from([tableClass << 4, 1, ...new Array<number>(15).fill(0), 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, sof),
    segment(0xc4, Buffer.concat([huffman(0), huffman(1)])),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    Buffer.alloc(Math.ceil((blocks * 2) / 8)),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A valid lossless WebP of width×height (at most 16384 a side), all one colour. */
async function webpBomb(width = BOMB_SIDE, height = BOMB_SIDE): Promise<Buffer> {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).webp({ lossless: true, effort: 0 }).toBuffer();
  expect(small.subarray(12, 16).toString('latin1')).toBe('VP8L');
  const header = small.readUInt32LE(21);
  const out = Buffer.from(small);
  out.writeUInt32LE((((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14) | (header & 0xf0000000)) >>> 0, 21);
  return out;
}

let server: TestServer;
const P = {} as Record<'admin' | 'tech' | 'customer', Person>;

const BOUNDARY = '----portalBombBoundary5c1e0d';
const CT = `multipart/form-data; boundary=${BOUNDARY}`;
/** A multipart body as a browser sends it. */
function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const photoForm = (file: Buffer, filename = 'photo.jpg') =>
  multipart([
    { name: 'kind', value: 'photo' },
    { name: 'file', value: file, filename, type: 'image/jpeg' },
  ]);
const post = (requestId: string, body: Buffer | string, contentType = CT) =>
  server.call('POST', `/api/service-requests/${requestId}/attachments`, { token: P.tech.token, body, headers: { 'content-type': contentType } });
const uploadLogo = (image: Buffer) => server.call('PUT', '/api/admin/settings/logo', { token: P.admin.token, body: { image: image.toString('base64') } });

/** The error body every refusal has, and its status. */
function expectRefusal(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toEqual(expect.objectContaining({ code: code ?? expect.any(String), message: expect.any(String) }));
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

async function inProgress(): Promise<string> {
  return server.ctx.db.transaction(async (tx) => {
    const r = await createServiceRequest(
      tx,
      caller(P.customer),
      ZCreateServiceRequest.parse({
        priority: 'low', location: 'office', service_type: 'laptop', fault_type: 'screen', problem_description: 'Cracked',
        device: { brand: 'HP', model: 'EliteBook', warranty_status: 'unknown' },
      }),
    );
    await applyRequestAction(tx, caller(P.admin), r.id, 'assign', { technician_id: P.tech.id });
    await applyRequestAction(tx, caller(P.admin), r.id, 'start', { note: null });
    return r.id;
  });
}

const bombs = {} as Record<'png' | 'jpeg' | 'webp', Buffer>;
let requestId: string;

beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin');
  P.tech = await person(server, 'technician');
  P.customer = await person(server, 'customer');
  requestId = await inProgress();
  bombs.png = pngBomb();
  bombs.jpeg = jpegBomb();
  bombs.webp = await webpBomb();
});
afterAll(() => server?.close());

describe(`decompression bombs (${TEST_DB})`, () => {
  it('the bombs are what they claim: small files declaring 16000×16000 pixels', async () => {
    for (const [format, bytes] of Object.entries(bombs)) {
      expect(bytes.length, format).toBeLessThan(1.5 * 1024 * 1024);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], format).toEqual([format, BOMB_SIDE, BOMB_SIDE]);
    }
    // The small versions decode in full (the big ones are the same bytes, only longer or relabelled).
    for (const small of [pngBomb(64, 48), jpegBomb(64), await webpBomb(64, 48)]) {
      const { info } = await sharp(small, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(64);
    }
  });

  it('refuses each photo bomb from its header, fast, with 413 and the error shape; nothing is stored', async () => {
    for (const [format, bytes] of Object.entries(bombs)) {
      const { value: res, ms } = await timed(() => post(requestId, photoForm(bytes, `bomb.${format}`)));
      const error = expectRefusal(res, 413, 'payload_too_large');
      expect(error.fields, format).toEqual({ file: 'too_long' });
      expect(error.message).toMatch(/40 megapixels/);
      expect(ms, format).toBeLessThan(2000);
    }
    const d = (await server.call('GET', `/api/service-requests/${requestId}`, { token: P.tech.token })).json() as { work: { attachments: unknown[] } };
    expect(d.work.attachments).toEqual([]);
  });

  it('three bombs at once: each refused quickly, and the process grows by less than 200 MB', async () => {
    const forms = [photoForm(bombs.png, 'a.png'), photoForm(bombs.jpeg, 'b.jpg'), photoForm(bombs.webp, 'c.webp')];
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const { value: results, ms } = await timed(() => Promise.all(forms.map((f) => post(requestId, f))));
      for (const res of results) expectRefusal(res, 413, 'payload_too_large');
      expect(ms).toBeLessThan(2000);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect((peak - before) / 1024 / 1024).toBeLessThan(200);
  });

  it('refuses a photo just over the limits (48 Mpx, a side over 12000 pixels) and takes one at them', async () => {
    for (const file of [jpegBomb(8000, 6000), pngBomb(12_001, 800), await webpBomb(800, 12_001)]) {
      const res = await post(requestId, photoForm(file));
      expect(expectRefusal(res, 413, 'payload_too_large').fields).toEqual({ file: 'too_long' });
    }
    // Just under: 40 Mpx and 12000 pixels a side are accepted (this one decodes in ~1 s).
    const atLimit = await post(requestId, photoForm(pngBomb(12_000, 3_333)));
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('decodes at most MAX_CONCURRENT_DECODES images at once; the others wait their turn', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      inDecodeSlot(async () => {
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const all = Promise.all(Array.from({ length: 5 }, task));
    for (let done = 0; done < 5; done++) {
      await new Promise((r) => setTimeout(r, 10));
      expect(running).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
      releases.shift()!();
    }
    await all;
    expect(most).toBe(MAX_CONCURRENT_DECODES);
    // A failed decode frees its slot too.
    await expect(inDecodeSlot(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    await Promise.all([inDecodeSlot(async () => 1), inDecodeSlot(async () => 2), inDecodeSlot(async () => 3)]);
  });

  it('a normal photo still uploads', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer();
    const res = await post(requestId, photoForm(photo));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'photo', content_type: 'image/jpeg' });
  });
});

describe(`logo bombs (${TEST_DB})`, () => {
  it('refuses a 256-Mpx PNG logo (and a WebP one) from its header, fast, with 413; nothing is stored', async () => {
    for (const bytes of [bombs.png, bombs.webp]) {
      const { value: res, ms } = await timed(() => uploadLogo(bytes));
      const error = expectRefusal(res, 413, 'payload_too_large');
      expect(error.fields).toEqual({ image: 'too_long' });
      expect(error.message).toMatch(/2048/);
      expect(ms).toBeLessThan(2000);
    }
    // Just over: 2049 pixels wide.
    const wide = await sharp({ create: { width: 2049, height: 100, channels: 3, background: '#fff' } }).png().toBuffer();
    expectRefusal(await uploadLogo(wide), 413, 'payload_too_large');
    expect((await server.call('GET', '/api/settings/logo')).statusCode).toBe(404);
  });

  it('accepts a normal logo, stored re-encoded without its metadata', async () => {
    const logo = await sharp({ create: { width: 400, height: 120, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } } })
      .png()
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer();
    expect((await sharp(logo).metadata()).exif).toBeDefined();
    const res = await uploadLogo(logo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toMatchObject({ content_type: 'image/png' });
    const served = await server.call('GET', res.json().logo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 400, 120, undefined]);
    expect(res.json().logo.size).toBe(served.rawPayload.length);

    const jpeg = await sharp({ create: { width: 2048, height: 2048, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const ok = await uploadLogo(jpeg);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().logo.content_type).toBe('image/jpeg');
  });

  it('refuses a logo whose header reads but whose pixels do not decode', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await uploadLogo(png.subarray(0, 60));
    expect(expectRefusal(res, 400).fields).toEqual({ image: 'invalid' });
  });
});

describe(`broken multipart bodies (${TEST_DB})`, () => {
  const photo = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } }).jpeg().toBuffer();

  it('answers 400 (never 500) with the error shape for each malformed body', async () => {
    const good = multipart([{ name: 'kind', value: 'photo' }, { name: 'file', value: await photo(), filename: 'p.jpg', type: 'image/jpeg' }]);
    const cases: [string, Buffer | string, string][] = [
      ['no boundary', good, 'multipart/form-data'],
      ['empty boundary', good, 'multipart/form-data; boundary='],
      ['boundary over 256 characters', good, `multipart/form-data; boundary=${'x'.repeat(300)}`],
      ['body without the boundary', Buffer.from('this is not multipart at all'), CT],
      ['truncated in the file', good.subarray(0, good.length - 100), CT],
      ['truncated before the closing boundary', good.subarray(0, good.length - `--${BOUNDARY}--\r\n`.length), CT],
      ['truncated in a part header', Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Ty`), CT],
      ['a part header without a colon', Buffer.from(`--${BOUNDARY}\r\nthis is not a header\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`), CT],
      ['a part with no headers', Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`), CT],
      ['garbage after the boundary line', Buffer.from(`--${BOUNDARY}garbage\r\n\r\n--${BOUNDARY}--`), CT],
      ['file part without a filename', multipart([{ name: 'kind', value: 'photo' }, { name: 'file', value: await photo(), type: 'image/jpeg' }]), CT],
      ['a file under another name', multipart([{ name: 'kind', value: 'photo' }, { name: 'picture', value: await photo(), filename: 'p.jpg' }]), CT],
      ['a field that declares JSON and is not', multipart([{ name: 'kind', value: 'photo' }, { name: 'caption', value: '{nope', type: 'application/json' }]), CT],
      ['a __proto__ field', multipart([{ name: '__proto__', value: 'x' }]), CT],
      ['an empty body', Buffer.alloc(0), CT],
      ['a caption with a NUL byte', multipart([{ name: 'kind', value: 'photo' }, { name: 'caption', value: 'a\u0000b' }, { name: 'file', value: await photo(), filename: 'p.jpg', type: 'image/jpeg' }]), CT],
    ];
    const statuses: Record<string, number> = {};
    for (const [name, body, contentType] of cases) statuses[name] = (await post(requestId, body, contentType)).statusCode;
    expect(statuses).toEqual(Object.fromEntries(cases.map(([name]) => [name, 400])));
    for (const [, body, contentType] of cases) expectRefusal(await post(requestId, body, contentType), 400);
  });

  it('answers 413 with the error shape for a file over the size limit and for too many parts', async () => {
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_PHOTO_BYTES + 10, 1)]);
    const tooBig = await post(requestId, multipart([{ name: 'kind', value: 'photo' }, { name: 'file', value: huge, filename: 'big.jpg' }]));
    expect(expectRefusal(tooBig, 413, 'file_too_large').fields).toEqual({ file: 'too_long' });

    const manyFields = multipart(Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    const twoFiles = multipart([{ name: 'kind', value: 'photo' }, { name: 'file', value: await photo(), filename: 'a.jpg' }, { name: 'file', value: await photo(), filename: 'b.jpg' }]);
    const manyParts = multipart([
      ...Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
      ...Array.from({ length: 3 }, (_, i) => ({ name: 'file', value: 'x', filename: `${i}.jpg` })),
    ]);
    const cases = { fields: manyFields, files: twoFiles, parts: manyParts };
    const answers: Record<string, string> = {};
    for (const [name, body] of Object.entries(cases)) {
      const res = await post(requestId, body);
      answers[name] = `${res.statusCode} ${(res.json() as { error?: { code?: string } }).error?.code}`;
    }
    expect(answers).toEqual({ fields: '413 payload_too_large', files: '413 payload_too_large', parts: '413 payload_too_large' });
    for (const body of Object.values(cases)) expectRefusal(await post(requestId, body), 413, 'payload_too_large');
  });

  it('still stores a photo after all that', async () => {
    const res = await post(requestId, photoForm(await photo()));
    expect(res.statusCode, res.body).toBe(201);
  });
});
