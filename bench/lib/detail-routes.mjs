// The detail routes a screen opens first (issue #26), read by api-read and memory.

/** The id of the first row of a list, as `token`'s user sees it (the demo data has rows in every list). */
async function firstId(baseUrl, token, listPath) {
  const res = await fetch(`${baseUrl}${listPath}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${listPath} answered ${res.status}`);
  const id = (await res.json()).items?.[0]?.id;
  if (!id) throw new Error(`${listPath} has no rows to read`);
  return id;
}

/**
 * Authenticated single-record GETs: { name, as, path(baseUrl, token) }. api-read compares the
 * first with the bare route; each domain adds its detail route here.
 */
export const DETAIL_ROUTES = [
  { name: 'GET /api/auth/user', as: 'admin@demo.test', path: async () => '/api/auth/user' },
  { name: 'GET /api/items/:id', as: 'supervisor@demo.test', path: async (u, t) => `/api/items/${await firstId(u, t, '/api/items?limit=1')}` },
  { name: 'GET /api/transfers/:id', as: 'supervisor@demo.test', path: async (u, t) => `/api/transfers/${await firstId(u, t, '/api/transfers?limit=1')}` },
  { name: 'GET /api/service-requests/:id', as: 'admin@demo.test', path: async (u, t) => `/api/service-requests/${await firstId(u, t, '/api/service-requests?limit=1')}` },
  { name: 'GET /api/appointments/:id', as: 'admin@demo.test', path: async (u, t) => `/api/appointments/${await firstId(u, t, '/api/appointments?limit=1')}` },
];
