// HTTP load with autocannon: one round = a warm-up then a measured run of `seconds`.
import autocannon from 'autocannon';
import { percentile, SMOKE } from './harness.mjs';

/**
 * Runs autocannon against url; resolves { rps, requests, p50, p95, p97_5, p99, errors, non2xx }.
 * autocannon's own percentiles skip p95, so p95 comes from every response time of the run.
 * `probe` (optional, async) is called right before and right after the measured run (not the
 * warm-up); its two answers come back as `probed: { before, after }`.
 */
export async function load(url, { connections = 50, seconds = SMOKE ? 2 : 10, headers = {}, warmupSeconds = SMOKE ? 1 : 3, probe } = {}) {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
  const times = [];
  const before = probe ? await probe() : undefined;
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const r = await instance;
  const after = probe ? await probe() : undefined;
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    p50: r.latency.p50,
    p95: percentile(times, 95),
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    statusCodeStats: r.statusCodeStats,
    ...(probe ? { probed: { before, after } } : {}),
  };
}
