import { EMAIL_KINDS, type TEmailPreferences } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { addOptOuts, optedOutKinds, removeOptOuts, userExists } from './queries.js';
import { userIdOfUnsubscribeToken } from './unsubscribe-token.js';

/** Unsubscribe calls per address and window: a token is 256 bits, but guessing still costs rows. */
export const UNSUBSCRIBE_LIMIT = { max: 30, windowS: 15 * 60 };

/** Each user's choice per customer e-mail kind: in-app only, or in-app and e-mail (issue #28). */
export function createEmailPreferenceService(ctx: Pick<AppContext, 'db' | 'limiter'>) {
  const { db } = ctx;

  async function get(userId: string): Promise<TEmailPreferences> {
    const off = new Set(await optedOutKinds(db, userId));
    return { kinds: EMAIL_KINDS.map((kind) => ({ kind, email: !off.has(kind) })) };
  }

  return {
    get,

    /** Sets the kinds named (the others stay as they were) and answers the whole list. */
    async put(userId: string, input: TEmailPreferences): Promise<TEmailPreferences> {
      await db.transaction(async (tx) => {
        await addOptOuts(tx, userId, input.kinds.filter((k) => !k.email).map((k) => k.kind));
        await removeOptOuts(tx, userId, input.kinds.filter((k) => k.email).map((k) => k.kind));
      });
      return get(userId);
    },

    /** The e-mail's unsubscribe link: every kind off for the user it names. A bad token is a 404. */
    async unsubscribe(token: string, ip: string | null): Promise<void> {
      await ctx.limiter.consume(`unsubscribe-ip:${ip ?? 'unknown'}`, UNSUBSCRIBE_LIMIT.max, UNSUBSCRIBE_LIMIT.windowS);
      const userId = await userIdOfUnsubscribeToken(db, token);
      if (!userId || !(await userExists(db, userId))) throw notFound('Unsubscribe link');
      await addOptOuts(db, userId, EMAIL_KINDS);
    },
  };
}

export type EmailPreferenceService = ReturnType<typeof createEmailPreferenceService>;
