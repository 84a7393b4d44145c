import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIntakeReceiptQuery } from '@portal/shared';
import { actorOf } from '../../plugins/access.js';
import type { IntakeReceiptService } from './intake-receipt.js';

const tags = ['reports'];

export const intakeReceiptRoutes: FastifyPluginAsyncZod<{ receipts: IntakeReceiptService }> = async (app, { receipts }) => {
  app.get(
    '/service-requests/:id/receipt',
    {
      // Under the request's row rules: whoever sees the request's detail may print its receipt.
      config: { access: 'read:service_request' },
      schema: {
        tags,
        summary: 'The intake receipt of a request with a QR code of its tracking link: a PDF in Arabic or English, A4 or an 80 mm roll (format=pdf&lang=ar|en&size=a4|80mm)',
        params: z.object({ id: z.uuid({ message: 'invalid' }) }),
        querystring: ZIntakeReceiptQuery,
      },
    },
    async (req, reply) => {
      const { body, fileName } = await receipts.pdf(actorOf(req), req.params.id, req.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
