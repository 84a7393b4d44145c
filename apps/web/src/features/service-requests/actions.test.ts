import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_ACTION_BODIES, SERVICE_REQUEST_ACTIONS } from '@portal/shared';
import { zodFieldErrors } from '../../lib/form-validation';
import { ACTION_FIELDS, actionBody, actionKey } from './actions';

const TECH = '11111111-1111-4111-8111-111111111111';

describe('service request action dialogs', () => {
  it('asks, for every action, exactly what its body needs', () => {
    for (const action of SERVICE_REQUEST_ACTIONS) {
      const schema = SERVICE_REQUEST_ACTION_BODIES[action];
      const filled = actionBody(action, { technician_id: TECH, note: 'n', reason: 'r', diagnosis: 'd', resolution: 'r' });
      expect(schema.safeParse(filled).success, action).toBe(true);
      // What the dialog leaves out, the server must not require.
      const fields = new Set<string>(ACTION_FIELDS[action]);
      const required = Object.keys(zodFieldErrors(schema, {}));
      for (const path of required) expect(fields.has(path), `${action}.${path}`).toBe(true);
    }
  });

  it('refuses blank reasons, notes and work reports before calling the server', () => {
    expect(zodFieldErrors(SERVICE_REQUEST_ACTION_BODIES.cancel, actionBody('cancel', { reason: '  ' }))).toEqual({ reason: 'required' });
    expect(zodFieldErrors(SERVICE_REQUEST_ACTION_BODIES['await-parts'], actionBody('await-parts', {}))).toEqual({ note: 'required' });
    expect(zodFieldErrors(SERVICE_REQUEST_ACTION_BODIES.complete, actionBody('complete', { diagnosis: 'x' }))).toEqual({ resolution: 'required' });
    expect(zodFieldErrors(SERVICE_REQUEST_ACTION_BODIES.assign, actionBody('assign', { technician_id: null }))).toEqual({ technician_id: 'required' });
    // Unassigning takes an optional note.
    expect(zodFieldErrors(SERVICE_REQUEST_ACTION_BODIES.unassign, actionBody('unassign', { note: '' }))).toEqual({});
  });

  it('names the translation key of each action', () => {
    expect(actionKey('await-parts')).toBe('awaitParts');
    expect(actionKey('cancel')).toBe('cancel');
  });
});
