import type { TTransfer } from '@portal/shared';

/** The one moment every document fixture happened at. */
export const DOCUMENT_AT = '2026-11-22T09:51:00Z';

/** A person as a document names them. */
export const documentPerson = (name: string) => ({ id: '00000000-0000-4000-8000-000000000001', name });

/**
 * An approved transfer between two main warehouses as a delivery note reads it, for the documents'
 * own tests (no database): one line of `unit` per item name, the people and warehouses named as given.
 */
export function approvedTransfer(t: { requester: string; approver: string; warehouse: string; unit: string; items: string[]; notes: string | null }): TTransfer {
  const warehouse = (code: string) => ({ id: '00000000-0000-4000-8000-000000000002', code, name: t.warehouse, kind: 'main' });
  return {
    id: '00000000-0000-4000-8000-000000000003',
    number: 'TR-000041',
    status: 'approved',
    from_warehouse: warehouse('WH-1'),
    to_warehouse: warehouse('WH-2'),
    requested_by: documentPerson(t.requester),
    requested_at: DOCUMENT_AT,
    decided_by: documentPerson(t.approver),
    decided_at: DOCUMENT_AT,
    rejection_reason: null,
    received_by: null,
    received_at: null,
    cancelled_by: null,
    cancelled_at: null,
    notes: t.notes,
    lines: t.items.map((name, i) => ({ id: `l${i}`, item_id: `i${i}`, item_code: `IT-${i}`, item_name: name, unit: t.unit, quantity: '2.000', available_in_source: '5' })),
    timeline: [],
  } as unknown as TTransfer;
}
