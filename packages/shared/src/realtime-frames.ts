/**
 * The zod schema of the frames a realtime client may send (the protocol is described in
 * realtime.ts). Kept apart so that the web's first screen, which needs only the protocol's
 * constants, does not load zod.
 */
import { z } from 'zod';
import { REALTIME_REF_MAX_LENGTH, REALTIME_TOKEN_MAX_LENGTH, REALTIME_TRACKING_TOKEN_MAX_LENGTH, TOPICS } from './realtime.js';

const ZRef = z.string().max(REALTIME_REF_MAX_LENGTH).optional();
const ZTopic = z.enum(TOPICS);

/**
 * Every frame a client may send. The server checks each one against this before acting on it
 * and answers anything else with a `validation_failed` reply — except a join or leave naming a
 * topic that does not exist, which gets `not_found` (docs/realtime.md).
 */
export const ZRealtimeClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(REALTIME_TOKEN_MAX_LENGTH), ref: ZRef }),
  z.object({ type: z.literal('heartbeat'), ref: ZRef }),
  z.object({ type: z.literal('join'), topic: ZTopic, ref: ZRef }),
  z.object({ type: z.literal('leave'), topic: ZTopic, ref: ZRef }),
  // Instead of `auth`: an anonymous socket following one request by its tracking link (issue #28).
  // Any token of a sane length is read; one that opens no request closes the socket like a bad `auth`.
  z.object({ type: z.literal('track'), token: z.string().max(REALTIME_TRACKING_TOKEN_MAX_LENGTH), ref: ZRef }),
]);
/** A frame the server accepts: `ref` may be left out (its reply then carries `ref: ''`). */
export type TRealtimeClientFrame = z.infer<typeof ZRealtimeClientFrame>;

/** A frame the web client sends: always with a ref, to match the reply. */
export type RealtimeClientFrame = TRealtimeClientFrame & { ref: string };
