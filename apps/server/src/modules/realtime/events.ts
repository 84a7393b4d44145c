import { ROLES, scopeOf, type CapabilityAction, type Role, type Topic } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { notifyChannel } from './queries.js';

/** The PostgreSQL channel every instance listens on. */
export const EVENTS_CHANNEL = 'portal_events';

/** Who may receive an event: these users, and every user of these roles. */
export interface Audience {
  userIds?: string[];
  roles?: Role[];
}

export interface DomainEvent {
  topic: Topic;
  event: string;
  audience: Audience;
  payload?: { ids?: string[] } & Record<string, unknown>;
}

/** Internal: tells every instance to close the sockets of revoked sessions. */
export interface SessionsRevokedEvent {
  topic: '_sessions';
  event: 'revoked';
  sessionIds: string[];
}

/** Internal: a user's role, profile or active flag changed; instances drop what they cached of them. */
export interface UsersChangedEvent {
  topic: '_users';
  event: 'changed';
  userIds: string[];
}

/**
 * Internal: the whole database was replaced (a backup was restored, every session ended):
 * instances drop everything they cached of sessions and users and close every socket.
 */
export interface DataRestoredEvent {
  topic: '_data';
  event: 'restored';
}

export type BusMessage = DomainEvent | SessionsRevokedEvent | UsersChangedEvent | DataRestoredEvent;
type InternalMessage = SessionsRevokedEvent | UsersChangedEvent | DataRestoredEvent;

// NOTIFY payloads must stay under 8000 bytes; ids are 36 characters.
const MAX_PAYLOAD_BYTES = 7000;
const USER_IDS_PER_MESSAGE = 100;

/**
 * Publishes an event inside the caller's transaction. PostgreSQL delivers NOTIFY only when
 * the transaction commits (and never when it rolls back), to every instance listening,
 * so a change and its event can never disagree.
 */
export async function publish(tx: DbOrTx, message: BusMessage): Promise<void> {
  if (message.topic === '_sessions' || message.topic === '_users' || message.topic === '_data') for (const hook of localHooks) hook(message);
  for (const part of split(message)) {
    const payload = JSON.stringify(part);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Realtime event ${part.topic}/${part.event} is too large for NOTIFY: send ids, not rows`);
    }
    await notifyChannel(tx, EVENTS_CHANNEL, payload);
  }
}

/** A payload from the bus, or null when it is not one of ours. */
export function parseBusMessage(raw: string): BusMessage | null {
  try {
    return JSON.parse(raw) as BusMessage;
  } catch {
    return null;
  }
}

type LocalHook = (message: InternalMessage) => void;
const localHooks = new Set<LocalHook>();

/**
 * Runs `hook` synchronously whenever this process publishes a session, user or data change, before
 * it commits: the session cache of the instance making the change must not wait for the bus.
 */
export function onLocalPublish(hook: LocalHook): () => void {
  localHooks.add(hook);
  return () => localHooks.delete(hook);
}

type LocalSink = (message: DomainEvent) => void;
const localSinks = new Map<object, Set<LocalSink>>();

/**
 * Receives the events `deliverLocally` hands to the instance `key` (its Database handle): the
 * realtime hub of that instance registers here.
 */
export function onLocalEvent(key: object, sink: LocalSink): () => void {
  let sinks = localSinks.get(key);
  if (!sinks) localSinks.set(key, (sinks = new Set()));
  sinks.add(sink);
  return () => {
    sinks.delete(sink);
    if (!sinks.size) localSinks.delete(key);
  };
}

/**
 * Sends an event to this instance's sockets only, without the database. For progress while a
 * long transaction holds PGlite's single connection (a NOTIFY would wait for it); PGlite is one
 * instance, so local is everyone. On PostgreSQL, publish on another connection instead.
 */
export function deliverLocally(key: object, message: DomainEvent): void {
  for (const sink of localSinks.get(key) ?? []) sink(message);
}

function split(message: BusMessage): BusMessage[] {
  if (message.topic === '_data') return [message];
  const ids =
    message.topic === '_sessions' ? message.sessionIds : message.topic === '_users' ? message.userIds : (message.audience.userIds ?? []);
  if (ids.length <= USER_IDS_PER_MESSAGE) return [message];
  const parts: BusMessage[] = [];
  for (let i = 0; i < ids.length; i += USER_IDS_PER_MESSAGE) {
    const chunk = ids.slice(i, i + USER_IDS_PER_MESSAGE);
    if (message.topic === '_sessions') parts.push({ ...message, sessionIds: chunk });
    else if (message.topic === '_users') parts.push({ ...message, userIds: chunk });
    // Roles go with the first part only, so nobody gets the event twice.
    else parts.push({ ...message, audience: { userIds: chunk, roles: i === 0 ? message.audience.roles : undefined } });
  }
  return parts;
}

/**
 * The audience of a change to a record, by the same rules as reading it: every role whose
 * scope of `action` is `any`, plus the record's owners (`own`) and assignees (`assigned`)
 * when their role reads with that scope.
 */
export function audienceFor(action: CapabilityAction, people: { own?: (string | null)[]; assigned?: (string | null)[] }): Audience {
  const roles = ROLES.filter((role) => scopeOf(role, action) === 'any');
  const userIds = [...(people.own ?? []), ...(people.assigned ?? [])].filter((id): id is string => !!id);
  return { roles, userIds: [...new Set(userIds)] };
}
