import type { TIntakeReceiptQuery } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { trackingTokenOf, trackingUrl, type RequestCaller, type ServiceRequestService } from '../service-requests/index.js';
import { getSettings } from '../settings/index.js';

/**
 * The intake receipt (issue #28): the request as its detail reads it (under the same row rules:
 * a request the caller may not see is a 404), the company's name and terms, and the request's
 * tracking link as a QR code — its current token, issued on first use, on the portal's own origin.
 */
export function createIntakeReceiptService(ctx: AppContext, requests: ServiceRequestService) {
  const { db } = ctx;
  return {
    async pdf(caller: RequestCaller, id: string, q: Pick<TIntakeReceiptQuery, 'lang' | 'size'>): Promise<{ body: Buffer; fileName: string }> {
      const request = await requests.get(caller, id);
      const s = await getSettings(db, ['company_name', 'time_zone', 'default_language', 'service_types', 'fault_types', 'receipt_terms_ar', 'receipt_terms_en']);
      const lang = q.lang ?? s.default_language;
      const url = trackingUrl(ctx.config.publicOrigin, await trackingTokenOf(db, id));
      // The renderer and the QR encoder load with the first receipt (issue #26).
      const [{ renderIntakeReceiptPdf }, QRCode] = await Promise.all([import('./intake-receipt-document.js'), import('qrcode')]);
      const qr = await QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 480 });
      const body = await renderIntakeReceiptPdf({
        request,
        company: { name: s.company_name, time_zone: s.time_zone },
        serviceTypes: s.service_types,
        faultTypes: s.fault_types,
        terms: lang === 'ar' ? s.receipt_terms_ar : s.receipt_terms_en,
        trackingUrl: url,
        qr,
        lang,
        size: q.size,
      });
      return { body, fileName: `${request.number.replace(/[^A-Za-z0-9-]/g, '')}-receipt-${q.size}-${lang}.pdf` };
    },
  };
}

export type IntakeReceiptService = ReturnType<typeof createIntakeReceiptService>;
