import { describe, expect, it } from 'vitest';
import { ResponseSerializationError, serializerCompiler as encodingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZServiceRequest, ZServiceRequestList, type TServiceRequestList } from '@portal/shared';
import { parsesLikeEncode, serializerCompiler } from './serializer.js';

const compile = (compiler: typeof serializerCompiler, schema: z.ZodType = ZServiceRequestList) => compiler({ schema, method: 'GET', url: '/api/service-requests', httpStatus: '200' });

const item = (n: number, assigned: boolean): TServiceRequestList['items'][number] => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  number: `SR-${String(n).padStart(6, '0')}`,
  status: assigned ? 'assigned' : 'pending',
  priority: 'high',
  location: 'home',
  service_type: 'appliance',
  fault_type: 'leak',
  problem_description: 'تسريب ماء من أسفل الغسالة',
  request_date: '2026-11-20T08:15:00.123Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  customer: { id: '00000000-0000-4000-8000-00000000aaaa', name: 'عائشة اليامي' },
  technician: assigned ? { id: '00000000-0000-4000-8000-00000000bbbb', name: 'Omar Haddad' } : null,
  device: { brand: 'Samsung', model: 'WW90T', serial_number: n % 2 ? null : 'SN-1234' },
  assigned_at: assigned ? '2026-11-20T10:00:00.000Z' : null,
  first_response_at: null,
  completed_at: null,
  rating: null,
  allowed_actions: assigned ? ['unassign', 'start', 'cancel'] : ['assign', 'cancel'],
});

describe('response serializer', () => {
  const page: TServiceRequestList = { items: [item(1, true), item(2, false)], next_cursor: 'abc', total: 2, total_capped: false };

  it('writes what the library serializer (zod encode) writes', () => {
    const ours = compile(serializerCompiler)(page);
    expect(ours).toBe(compile(encodingSerializerCompiler)(page));
    expect(JSON.parse(ours)).toEqual(page);
  });

  it('drops fields the schema does not name, at every level', () => {
    const leaky = { ...page, secret: 1, items: [{ ...item(1, true), password_hash: 'x', customer: { ...item(1, true).customer, email: 'a@b.c' } }] };
    const out = JSON.parse(compile(serializerCompiler)(leaky));
    expect(out).not.toHaveProperty('secret');
    expect(out.items[0]).not.toHaveProperty('password_hash');
    expect(out.items[0].customer).toEqual({ id: '00000000-0000-4000-8000-00000000aaaa', name: 'عائشة اليامي' });
  });

  it('refuses a response that breaks its schema', () => {
    expect(() => compile(serializerCompiler)({ ...page, items: [{ ...item(1, true), status: 'lost' }] })).toThrow(ResponseSerializationError);
    expect(() => compile(serializerCompiler)({ ...page, total: '2' })).toThrow(ResponseSerializationError);
  });

  it('takes parse for the request schemas, and keeps encode where a schema has a transform, codec or default', () => {
    expect(parsesLikeEncode(ZServiceRequestList)).toBe(true);
    expect(parsesLikeEncode(ZServiceRequest)).toBe(true);
    const at = z.codec(z.iso.datetime(), z.date(), { decode: (v) => new Date(v), encode: (d) => d.toISOString() });
    const withCodec = z.object({ items: z.array(z.object({ at })).nullable() });
    expect(parsesLikeEncode(withCodec)).toBe(false);
    expect(parsesLikeEncode(z.object({ n: z.string().transform((v) => v.length) }))).toBe(false);
    expect(parsesLikeEncode(z.object({ n: z.number().default(1) }))).toBe(false);
    // The codec's encode direction: a Date out as its ISO text (parse would refuse the Date).
    const when = new Date('2026-11-25T10:00:00.000Z');
    expect(compile(serializerCompiler, withCodec)({ items: [{ at: when }] })).toBe(compile(encodingSerializerCompiler, withCodec)({ items: [{ at: when }] }));
    expect(JSON.parse(compile(serializerCompiler, withCodec)({ items: [{ at: when }] }))).toEqual({ items: [{ at: '2026-11-25T10:00:00.000Z' }] });
  });
});
