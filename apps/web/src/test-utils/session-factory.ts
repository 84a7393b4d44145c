import type { TSession, TUser } from '@portal/shared';

let counter = 0;

/** A session as the server hands it out, with overrides. */
export function makeSession(overrides: Omit<Partial<TSession>, 'user'> & { user?: Partial<TUser> } = {}): TSession {
  counter += 1;
  const { user, ...rest } = overrides;
  return {
    access_token: `access-${counter}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: `refresh-${counter}`,
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'customer1@demo.test',
      name: 'Khalid Customer',
      role: 'customer',
      mobile: '+966500000005',
      language: 'ar',
      ...user,
    },
    ...rest,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
