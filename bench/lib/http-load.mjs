// HTTP load with autocannon: one round = a warm-up then a measured run of `seconds`.
import autocannon from 'autocannon';
import { SMOKE } from './harness.mjs';

/** Runs autocannon against url; resolves { rps, p50, p97_5, p99, errors, non2xx }. */
export async function load(url, { connections = 50, seconds = SMOKE ? 2 : 10, headers = {}, warmupSeconds = SMOKE ? 1 : 3 } = {}) {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
