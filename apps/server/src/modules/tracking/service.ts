import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { scopeOf, type TCatalogEntry, type TTrackingLink, type TTrackingView } from '@portal/shared';
import type { AppContext, Actor } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { getSettings } from '../settings/index.js';
import { requestIdOfTrackingToken, revokeTrackingToken, trackingTokenOf, trackingUrl } from '../service-requests/index.js';
import { findTrackingCandidate, findTrackingRow, requestNumberOf, requestVisible, type TrackingRow } from './queries.js';

/**
 * How often the public tracking may be asked (the existing database-backed limiter, shared by
 * every instance). By number + mobile: 10 tries per address and 5 per request number in 10
 * minutes — enough for a customer who mistypes, far too few to walk through numbers or mobiles.
 * By link: the token cannot be guessed, so the limit only bounds load (an open page refetches on
 * each change); a shop's customers may share one address.
 */
export const TRACKING_LIMITS = {
  ipMax: 10,
  ipWindowS: 600,
  numberMax: 5,
  numberWindowS: 600,
  linkIpMax: 120,
  linkIpWindowS: 600,
} as const;

/** The one answer for a wrong number, a wrong mobile, both, and any bad link. */
const trackingNotFound = () => new AppError(404, 'not_found', 'No request matches these details');

/**
 * A mobile number as digits of the national number: spaces, dashes and a leading +966, 00966,
 * 966 or 0 are dropped, so `+966 50 000 0005`, `0500000005` and `500000005` are one number.
 */
export function mobileDigits(value: string): string {
  return value.replace(/\D/g, '').replace(/^(?:00966|966|0)/, '');
}

const digestOf = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `given` is one of the customer's mobiles, in time that does not depend on which (or
 * whether any) matched: always two constant-time comparisons, a random stand-in for a mobile the
 * request lacks (and for a number that does not exist).
 */
function mobileMatches(given: string, known: string[]): boolean {
  const mine = digestOf(mobileDigits(given));
  let match = false;
  for (let i = 0; i < 2; i++) {
    const digits = known[i] === undefined ? '' : mobileDigits(known[i]!);
    const theirs = digits ? digestOf(digits) : randomBytes(32);
    // The comparison first: both run whatever the other answered.
    match = timingSafeEqual(mine, theirs) || match;
  }
  return match;
}

const entryOf = (list: TCatalogEntry[], code: string): TCatalogEntry => list.find((e) => e.code === code) ?? { code, name_ar: code, name_en: code };

/** The first name alone: the public page names no one in full. */
const firstNameOf = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

export function createTrackingService(ctx: AppContext) {
  const { db, limiter, config } = ctx;

  async function viewOf(requestId: string): Promise<TTrackingView> {
    const row = await findTrackingRow(db, requestId);
    if (!row) throw trackingNotFound();
    const { service_types, fault_types } = await getSettings(db, ['service_types', 'fault_types']);
    return publicView(row, service_types, fault_types);
  }

  return {
    /** The public view by request number and the mobile on it (number already in the stored spelling). */
    async byNumber(input: { number: string; mobile: string }, ip: string | null): Promise<TTrackingView> {
      await limiter.consume(`track-ip:${ip ?? 'unknown'}`, TRACKING_LIMITS.ipMax, TRACKING_LIMITS.ipWindowS);
      await limiter.consume(`track-number:${input.number}`, TRACKING_LIMITS.numberMax, TRACKING_LIMITS.numberWindowS);
      // The same statement and the same comparisons whether the number exists or not.
      const candidate = await findTrackingCandidate(db, input.number);
      const matches = mobileMatches(input.mobile, candidate?.mobiles ?? []);
      if (!candidate || !matches) throw trackingNotFound();
      return viewOf(candidate.id);
    },

    /** The public view by tracking link. */
    async byToken(token: string, ip: string | null): Promise<TTrackingView> {
      await limiter.consume(`track-link-ip:${ip ?? 'unknown'}`, TRACKING_LIMITS.linkIpMax, TRACKING_LIMITS.linkIpWindowS);
      const requestId = await requestIdOfTrackingToken(db, token);
      if (!requestId) throw trackingNotFound();
      return viewOf(requestId);
    },

    /** The request a tracking link opens (the realtime hub's anonymous subscription), or null. */
    requestIdOf(token: string): Promise<string | null> {
      return requestIdOfTrackingToken(db, token);
    },

    /**
     * The request's tracking link, for an admin or the request's own customer to share. A
     * technician gets none (404, as for a request they may not see): the link is the customer's.
     */
    async link(caller: Actor, requestId: string): Promise<TTrackingLink> {
      if (scopeOf(caller.role, 'read:service_request') === 'assigned') throw notFound('Service request');
      if (!(await requestVisible(db, caller, requestId))) throw notFound('Service request');
      return { url: trackingUrl(config.publicOrigin, await trackingTokenOf(db, requestId)) };
    },

    /** Revokes the request's link (the old one stops at once) and answers the new one. */
    async revoke(caller: Actor, requestId: string): Promise<TTrackingLink> {
      const token = await db.transaction(async (tx) => {
        const number = await requestNumberOf(tx, requestId);
        if (!number) throw notFound('Service request');
        const fresh = await revokeTrackingToken(tx, requestId);
        await audit(tx, { actorId: caller.userId, action: 'service_request.tracking_link_revoked', entity: 'service_request', entityId: requestId, after: { number }, ip: caller.ip });
        return fresh;
      });
      return { url: trackingUrl(config.publicOrigin, token) };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

/** Exactly the public fields, built field by field: nothing else of the row can slip through. */
function publicView(row: TrackingRow, serviceTypes: TCatalogEntry[], faultTypes: TCatalogEntry[]): TTrackingView {
  return {
    number: row.number,
    status: row.status,
    timeline: row.timeline.map((h) => ({ status: h.status, at: h.at })),
    device: { brand: row.device_brand, model: row.device_model },
    service_type: entryOf(serviceTypes, row.service_type),
    fault_type: entryOf(faultTypes, row.fault_type),
    location: row.location,
    created_at: row.created_at,
    next_appointment: row.next_starts_at && row.next_ends_at ? { starts_at: row.next_starts_at, ends_at: row.next_ends_at } : null,
    technician_first_name: firstNameOf(row.technician_name),
    awaiting_parts: row.status === 'pending_parts',
    completed_at: row.completed_at,
  };
}
