import { describe, expect, it } from 'vitest';
import { ITEM_UNITS, MOVEMENT_KINDS, PRIORITIES, SERVICE_LOCATIONS, SERVICE_REQUEST_STATUSES, STOCK_STATUSES, WARRANTY_STATUSES } from '@portal/shared';
import { labelGroup, labelOf, type LabelGroup } from './labels.js';

const ARABIC = /[\u0600-\u06FF]/;
const GROUPS: [LabelGroup, readonly string[]][] = [
  ['serviceRequests.status', SERVICE_REQUEST_STATUSES],
  ['serviceRequests.priority', PRIORITIES],
  ['serviceRequests.location', SERVICE_LOCATIONS],
  ['serviceRequests.warranty', WARRANTY_STATUSES],
  ['stockStatus', STOCK_STATUSES],
  ['movementKind', MOVEMENT_KINDS],
  ['inventory.units', ITEM_UNITS],
];

describe('labels the server writes (CSV, PDF) come from the web app’s locale files', () => {
  it('names every value of every shared enum in both languages, Arabic in Arabic', () => {
    for (const [group, values] of GROUPS) {
      for (const value of values) {
        expect(labelGroup('en', group)[value], `${group}.${value} en`).toMatch(/\S/);
        expect(labelGroup('ar', group)[value], `${group}.${value} ar`).toMatch(ARABIC);
      }
    }
  });

  it('says what the screen says, and an unknown value (older data) as it is', () => {
    expect(labelOf('ar', 'serviceRequests.status', 'pending_parts')).toBe('بانتظار قطع الغيار');
    expect(labelOf('en', 'serviceRequests.status', 'in_progress')).toBe('In progress');
    expect(labelOf('ar', 'inventory.units', 'pair')).toBe('زوج');
    expect(labelOf('en', 'inventory.units', 'l')).toBe('L');
    expect(labelOf('ar', 'inventory.units', 'old-unit')).toBe('old-unit');
    expect(labelOf('en', 'movementKind', 'transfer_out')).toBe('Transfer out');
  });
});
