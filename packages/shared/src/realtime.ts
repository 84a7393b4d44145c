/**
 * The realtime protocol over one WebSocket per tab at `/api/realtime` (JSON text frames).
 *
 * Client → server
 *   { type: 'auth', token, ref }          first frame, and again after every token refresh
 *   { type: 'join', topic, ref }          subscribe to a topic (see TOPICS)
 *   { type: 'leave', topic, ref }
 *   { type: 'heartbeat', ref }            every 30 s
 *   { type: 'track', token, ref }         instead of auth: an anonymous socket following one request
 *                                        by its tracking link (issue #28); it gets only `tracking`
 *                                        events of that request, and may not join topics
 *   (ZRealtimeClientFrame in realtime-frames.ts; anything else — bad JSON, another shape, a binary frame —
 *   is answered with a reply of status 'error', code 'validation_failed')
 * Server → client
 *   { type: 'reply', ref, status: 'ok' | 'error', code?, message? }   answers each frame with a ref
 *                                        (except a refused auth frame: the socket closes with 4001)
 *   { type: 'event', topic, event, payload }                           a change the user may see
 *   { type: 'event', topic: 'tracking', event: 'tracking.changed', payload: {} }
 *                                        to a tracking socket: its request changed, fetch the view again
 *   { type: 'close', code, message }      sent just before the server closes the socket
 *
 * Events carry ids, never rows: a client refetches what it shows (and the server's REST
 * reads apply every permission rule again).
 */
export const REALTIME_PATH = '/api/realtime';

/** Topics a client may join; the server filters each event by the same rules as reads. */
/** `settings` carries `settings.updated` (payload `keys`) to every signed-in user: open pages apply it at once. */
/** `data` carries `data.progress` (ZDataProgress) and `backup.changed` to admins: imports, backups and restores as they run. */
export const TOPICS = ['notifications', 'service_requests', 'appointments', 'transfers', 'stock', 'settings', 'data'] as const;
export type Topic = (typeof TOPICS)[number];

/** Longer than any access token the server signs; anything longer is refused unread. */
export const REALTIME_TOKEN_MAX_LENGTH = 4096;
/** A ref is the client's own short label for matching a reply to its frame. */
export const REALTIME_REF_MAX_LENGTH = 64;
/** Longer than any tracking token (32 characters); anything longer is refused unread. */
export const REALTIME_TRACKING_TOKEN_MAX_LENGTH = 64;
/** The topic of a tracking socket's events: not one a signed-in client may join. */
export const TRACKING_TOPIC = 'tracking';

export interface RealtimeEvent {
  type: 'event';
  topic: Topic;
  /** e.g. `notification.created`, `service_request.updated`. */
  event: string;
  payload: { ids?: string[] } & Record<string, unknown>;
}

/**
 * What a tracking socket receives besides replies and the close frame: a hint that its request
 * changed, carrying nothing of it. Not part of RealtimeServerFrame: a signed-in client never gets it.
 */
export interface RealtimeTrackingEvent {
  type: 'event';
  topic: typeof TRACKING_TOPIC;
  event: 'tracking.changed';
  payload: Record<string, never>;
}

export type RealtimeServerFrame =
  | { type: 'reply'; ref: string; status: 'ok' | 'error'; code?: string; message?: string }
  | RealtimeEvent
  | { type: 'close'; code: RealtimeCloseCode; message: string };

/** Why the server closed a socket (WebSocket close codes 4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** No valid auth frame in time, or the access token expired without a refresh. */
  unauthenticated: 4001,
  /** The session was revoked (sign-out, password change, reuse of a refresh token). */
  sessionRevoked: 4003,
  /** Too many frames: more than the client's limit allows. */
  rateLimited: 4029,
} as const;
export type RealtimeCloseCode = (typeof REALTIME_CLOSE)[keyof typeof REALTIME_CLOSE];
