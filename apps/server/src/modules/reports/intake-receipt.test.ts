import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQRImport from 'jsqr';
import sharp from 'sharp';
import type { TAdminSettings, TServiceRequest } from '@portal/shared';
import { person, type Person, startTestServer, TEST_DB, type TestServer } from '../../../test/harness.js';
import { requestIdOfTrackingToken, trackingTokenOf, trackingUrl } from '../service-requests/index.js';
import { DEFAULT_SETTINGS } from '../settings/store.js';

/**
 * The intake receipt (issue #28): what it prints is read back with poppler (pdftotext for the
 * text, pdfinfo for the paper, pdftoppm for the picture whose QR code jsQR decodes), so the test
 * checks the document a customer holds, not the data it was made from.
 */

// jsqr is CommonJS with a declared default export: NodeNext types the import as its module, the test runner hands over the function.
type JsQR = typeof jsQRImport.default;
const jsQR: JsQR = (jsQRImport as unknown as { default?: JsQR }).default ?? (jsQRImport as unknown as JsQR);

let server: TestServer;
const P = {} as Record<'admin' | 'tech' | 'tech2' | 'customer' | 'customer2', Person>;

const call = (p: Person, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => server.call(method, url, { token: p.token, body });

/** Arabic: the default terms (their digits, marks and commas read back as written); English: an admin's own. */
const TERMS = {
  ar: DEFAULT_SETTINGS.receipt_terms_ar,
  en: 'Devices not collected within 90 days of the ready notice are no longer our responsibility.',
};
const ACCESSORIES = 'شاحن أصلي وحقيبة سوداء';
const PROBLEM = 'الشاشة لا تعمل بعد سقوط الجهاز';

/** Whitespace collapsed, and none beside a character that is not Arabic (see lib/documents-arabic.test.ts: poppler moves those spaces). */
const normalise = (s: string) => s.replace(/\s+/g, ' ').replace(/ ?([^\s\p{Script=Arabic}]) ?/gu, '$1').trim();

function tmpPdf(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `receipt-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}

/** Runs a poppler tool; null (with a warning) when poppler is not installed and not required. */
function poppler<T>(run: () => T): T | null {
  try {
    return run();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if (process.env.REQUIRE_E2E === '1') throw new Error('poppler-utils is required (apt-get install poppler-utils)');
    console.warn('poppler-utils is not installed: the receipt PDF is not read back');
    return null;
  }
}

/** pdftotext's text, without the bidi marks it adds. */
function pdfText(file: string): string | null {
  return poppler(() => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ''));
}

/**
 * The tracking link as pdftotext gives it back. The page draws it whole, left to right (the QR code
 * decoded from the rendered page is checked too, and the page was looked at). On an Arabic page
 * poppler's simplified bidi moves the neutral characters that end a left-to-right stretch to its
 * front, so a token ending in `_` or `-` (two of base64url's 64) comes out as "_http://…", as it
 * does with a dash beside a Latin word (lib/documents-arabic.test.ts).
 */
function linkAsExtracted(url: string, lang: 'ar' | 'en'): string {
  const trailing = lang === 'ar' ? (/[-_]+$/.exec(url)?.[0] ?? '') : '';
  return trailing + url.slice(0, url.length - trailing.length);
}

/** The number of pages and the first one's size in points, from pdfinfo. */
function pageSize(file: string): { pages: number; width: number; height: number } | null {
  const info = poppler(() => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  if (info === null) return null;
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!m || !pages) throw new Error(`no page size in pdfinfo's answer: ${info}`);
  return { pages: Number(pages[1]), width: Number(m[1]), height: Number(m[2]) };
}

/** The first page drawn at 200 dpi, its QR code decoded (null without poppler). */
async function qrOf(file: string): Promise<string | null> {
  const prefix = file.replace(/\.pdf$/, '');
  const drawn = poppler(() => execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', '-singlefile', file, prefix]));
  if (drawn === null) return null;
  try {
    const { data, info } = await sharp(`${prefix}.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (!code) throw new Error('no QR code found on the page');
    return code.data;
  } finally {
    fs.rmSync(`${prefix}.png`, { force: true });
  }
}

let request: TServiceRequest;

beforeAll(async () => {
  server = await startTestServer();
  P.admin = await person(server, 'admin');
  P.tech = await person(server, 'technician', 'Receipt Tech');
  P.tech2 = await person(server, 'technician', 'Other Tech');
  P.customer = await person(server, 'customer', 'سارة العتيبي');
  P.customer2 = await person(server, 'customer');
  const put = await call(P.admin, 'PUT', '/api/admin/settings', { receipt_terms_en: `  ${TERMS.en} ` });
  expect(put.statusCode, put.body).toBe(200);
  const created = await call(P.admin, 'POST', '/api/service-requests', {
    customer_id: P.customer.id,
    priority: 'medium',
    location: 'office',
    service_type: 'phone',
    fault_type: 'screen',
    problem_description: PROBLEM,
    accessories: `  ${ACCESSORIES}  `,
    device: { brand: 'Samsung', model: 'Galaxy S22', serial_number: 'R58N-40XK', warranty_status: 'unknown' },
  });
  expect(created.statusCode, created.body).toBe(201);
  request = created.json() as TServiceRequest;
  expect((await call(P.admin, 'POST', `/api/service-requests/${request.id}/assign`, { technician_id: P.tech.id })).statusCode).toBe(200);
});
afterAll(() => server?.close());

describe(`accessories and the receipt's terms (${TEST_DB})`, () => {
  it('accessories are trimmed, stored and read in the detail; absent is null; bad input is a 400 naming the field', async () => {
    expect(request.accessories).toBe(ACCESSORIES);
    expect(((await call(P.customer, 'GET', `/api/service-requests/${request.id}`)).json() as TServiceRequest).accessories).toBe(ACCESSORIES);
    const base = {
      priority: 'low',
      location: 'office',
      service_type: 'laptop',
      fault_type: 'battery',
      problem_description: 'Does not charge',
      device: { brand: 'Dell', model: 'XPS', warranty_status: 'unknown' },
    };
    const none = await call(P.customer2, 'POST', '/api/service-requests', { ...base, accessories: '   ' });
    expect(none.statusCode, none.body).toBe(201);
    expect((none.json() as TServiceRequest).accessories).toBeNull();
    for (const [accessories, code] of [
      ['x'.repeat(2001), 'too_long'],
      [42, 'invalid'],
      [['charger'], 'invalid'],
    ] as const) {
      const res = await call(P.customer2, 'POST', '/api/service-requests', { ...base, accessories });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toMatchObject({ accessories: code });
    }
  });

  it('the terms are settings per language: the default, an admin\'s own trimmed, too long or not text refused', async () => {
    const s = (await call(P.admin, 'GET', '/api/admin/settings')).json() as TAdminSettings;
    expect(s).toMatchObject({ receipt_terms_ar: TERMS.ar, receipt_terms_en: TERMS.en });
    expect((await call(P.admin, 'PUT', '/api/admin/settings', { receipt_terms_en: 'x'.repeat(1001) })).json().error.fields).toMatchObject({ receipt_terms_en: 'too_long' });
    expect((await call(P.admin, 'PUT', '/api/admin/settings', { receipt_terms_ar: 7 })).json().error.fields).toMatchObject({ receipt_terms_ar: 'invalid' });
    expect((await call(P.customer, 'PUT', '/api/admin/settings', { receipt_terms_ar: '' })).statusCode).toBe(403);
  });
});

describe(`the intake receipt (${TEST_DB})`, () => {
  for (const lang of ['ar', 'en'] as const) {
    for (const size of ['a4', '80mm'] as const) {
      it(`${lang}, ${size}: the PDF prints the request, the accessories and the terms, on its paper, with a QR code of the tracking link`, async () => {
        const res = await call(P.admin, 'GET', `/api/service-requests/${request.id}/receipt?format=pdf&lang=${lang}&size=${size}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`inline; filename="${request.number}-receipt-${size}-${lang}.pdf"`);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const file = tmpPdf(res.rawPayload);
        try {
          const text = pdfText(file);
          if (text !== null) {
            const flat = normalise(text);
            expect(text).toContain(lang === 'ar' ? 'إيصال استلام جهاز' : 'Intake receipt');
            expect(text).toContain(request.number);
            expect(flat).toContain(normalise('سارة العتيبي'));
            expect(flat).toContain(normalise('Samsung Galaxy S22'));
            expect(text).toContain('R58N-40XK');
            expect(flat).toContain(normalise(ACCESSORIES));
            expect(flat).toContain(normalise(PROBLEM));
            expect(flat).toContain(normalise(TERMS[lang]));
            // The service type and fault by their names in the receipt's language.
            expect(flat).toContain(normalise(lang === 'ar' ? 'الجوالات والأجهزة اللوحية' : 'Phones and tablets'));
            expect(flat).toContain(normalise(lang === 'ar' ? 'الشاشة أو العرض' : 'Screen or display'));
          }
          const page = pageSize(file);
          if (page !== null) {
            // One page: an A4 sheet, or one piece of 80 mm roll as long as the receipt.
            if (size === '80mm') {
              expect(page.pages).toBe(1);
              expect(page.width).toBeCloseTo((80 / 25.4) * 72, 1);
              expect(page.height).toBeGreaterThan(500);
            } else {
              expect(page).toEqual({ pages: 1, width: 595.28, height: 841.89 });
            }
          }
          const url = await qrOf(file);
          if (url !== null) {
            const token = await trackingTokenOf(server.ctx.db, request.id);
            expect(url).toBe(trackingUrl(server.ctx.config.publicOrigin, token));
            if (text !== null) expect(text.replace(/\s+/g, '')).toContain(linkAsExtracted(url, lang));
            expect(await requestIdOfTrackingToken(server.ctx.db, url.split('/track/')[1]!)).toBe(request.id);
          }
        } finally {
          fs.rmSync(file, { force: true });
        }
      });
    }
  }

  it('whoever sees the request prints it: the admin, its customer, its technician; anyone else 404; bad query 400', async () => {
    const url = (q = 'format=pdf&lang=ar&size=80mm') => `/api/service-requests/${request.id}/receipt?${q}`;
    expect((await call(P.customer, 'GET', url())).statusCode).toBe(200);
    expect((await call(P.tech, 'GET', url())).statusCode).toBe(200);
    // Defaults: a PDF, in the company's language, on A4.
    const plain = await call(P.customer, 'GET', `/api/service-requests/${request.id}/receipt`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-disposition']).toBe(`inline; filename="${request.number}-receipt-a4-ar.pdf"`);
    expect((await call(P.customer2, 'GET', url())).statusCode).toBe(404);
    expect((await call(P.tech2, 'GET', url())).statusCode).toBe(404);
    expect((await call(P.admin, 'GET', `/api/service-requests/00000000-0000-4000-8000-000000000000/receipt`)).statusCode).toBe(404);
    for (const [q, field] of [
      ['size=a5', 'size'],
      ['lang=fr', 'lang'],
      ['format=json', 'format'],
      ['size=80mm&size=a4', 'size'],
    ] as const) {
      const res = await call(P.admin, 'GET', url(q));
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(), q).toContain(field);
    }
    expect((await call(P.admin, 'GET', `/api/service-requests/not-a-uuid/receipt`)).statusCode).toBe(400);
    expect((await server.call('GET', url())).statusCode).toBe(401);
  });

  it('empty terms print no terms section', async () => {
    expect((await call(P.admin, 'PUT', '/api/admin/settings', { receipt_terms_en: '   ' })).json()).toMatchObject({ receipt_terms_en: '' });
    const res = await call(P.admin, 'GET', `/api/service-requests/${request.id}/receipt?lang=en&size=80mm`);
    expect(res.statusCode).toBe(200);
    const file = tmpPdf(res.rawPayload);
    try {
      const text = pdfText(file);
      if (text !== null) {
        expect(text).toContain(request.number);
        expect(text).not.toContain('Terms and conditions');
        expect(normalise(text)).not.toContain(normalise(TERMS.en));
      }
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
