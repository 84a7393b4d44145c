import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES, ZCreateServiceRequest, type TServiceRequest } from '@portal/shared';
import { caller, person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { applyRequestAction, createServiceRequest } from '../service-requests/index.js';

let server: TestServer;
const P = {} as Record<'admin' | 'tech' | 'tech2' | 'customer' | 'customer2', Person>;

/** A multipart body as a browser sends it. */
function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = '----portalTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (p: Person, requestId: string, file: Buffer, opts: { kind?: string; filename?: string; type?: string } = {}) => {
  const { body, headers } = multipart([
    { name: 'kind', value: opts.kind ?? 'photo' },
    { name: 'caption', value: 'Back panel' },
    { name: 'file', value: file, filename: opts.filename ?? 'photo.jpg', type: opts.type ?? 'image/jpeg' },
  ]);
  return server.call('POST', `/api/service-requests/${requestId}/attachments`, { token: p.token, body, headers });
};
const get = (p: Person, url: string) => server.call('GET', url, { token: p.token });

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

beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin');
  P.tech = await person(server, 'technician');
  P.tech2 = await person(server, 'technician');
  P.customer = await person(server, 'customer');
  P.customer2 = await person(server, 'customer');
});
afterAll(() => server?.close());

describe(`photos and signatures (${TEST_DB})`, () => {
  it('stores a real photo without its EXIF position, with a thumbnail, readable under the request’s row rules', async () => {
    const id = await inProgress();
    // A 1600×1200 camera JPEG with a GPS position in its EXIF.
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '46/1 40/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(P.tech, id, photo);
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({ kind: 'photo', content_type: 'image/jpeg', caption: 'Back panel', url: `/api/attachments/${a.id}`, thumb_url: `/api/attachments/${a.id}?thumb=1` });

    const full = await get(P.customer, a.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(full.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([1600, 1200]);
    const thumb = await sharp((await get(P.tech, a.thumb_url)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);

    // Row rules: the other customer and technician do not see it.
    expect((await get(P.customer2, a.url)).statusCode).toBe(404);
    expect((await get(P.tech2, a.url)).statusCode).toBe(404);
    expect((await upload(P.tech2, id, photo)).statusCode).toBe(404);
    expect((await upload(P.customer, id, photo)).statusCode).toBe(403);
    const d = (await get(P.customer, `/api/service-requests/${id}`)).json() as TServiceRequest;
    expect(d.work.attachments.map((x) => x.id)).toEqual([a.id]);

    // Removing: not another technician's; the uploader may.
    expect((await server.call('DELETE', a.url, { token: P.tech2.token })).statusCode).toBe(404);
    expect((await server.call('DELETE', a.url, { token: P.tech.token })).statusCode).toBe(204);
    expect((await get(P.tech, a.url)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image whatever its name, and one over the size limit; nothing is stored', async () => {
    const id = await inProgress();
    const fake = await upload(P.tech, id, Buffer.from('just some text pretending to be a photo\n'.repeat(50)), { filename: 'holiday.jpg' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toMatchObject({ code: 'not_an_image', fields: { file: 'invalid' } });
    // A JPEG header with garbage after it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect((await upload(P.tech, id, broken)).json().error.code).toBe('not_an_image');

    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_PHOTO_BYTES + 10, 1)]);
    const tooBig = await upload(P.tech, id, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('file_too_large');
    expect((await upload(P.tech, id, await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } }).png().toBuffer(), { kind: 'drawing' })).json().error.fields).toEqual({ kind: 'invalid' });
    const d = (await get(P.tech, `/api/service-requests/${id}`)).json() as TServiceRequest;
    expect(d.work.attachments).toEqual([]);
  });

  it('a signature upload replaces the previous one of its kind', async () => {
    const id = await inProgress();
    const png = (c: number) => sharp({ create: { width: 300, height: 120, channels: 4, background: { r: c, g: c, b: c, alpha: 1 } } }).png().toBuffer();
    const first = await upload(P.tech, id, await png(10), { kind: 'technician_signature', filename: 'sig.png', type: 'image/png' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().content_type).toBe('image/png');
    const second = await upload(P.tech, id, await png(20), { kind: 'technician_signature', filename: 'sig.png', type: 'image/png' });
    const d = (await get(P.tech, `/api/service-requests/${id}`)).json() as TServiceRequest;
    expect(d.work.attachments.map((x) => x.id)).toEqual([second.json().id]);
  });
});
