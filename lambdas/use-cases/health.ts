/** One part of the service that must answer for the service to be healthy. */
export type HealthProbe = { readonly name: string; readonly check: () => Promise<void> };

/** The full report: which part failed and why. Only the log and the admin route show it. */
export type HealthReport = {
  readonly status: 'ok' | 'unavailable';
  readonly checks: Record<string, { ok: boolean; error?: string }>;
  readonly checkedAt: string;
};

const PROBE_TIMEOUT_MS = 3_000;
/** How long a result is reused: monitors and anonymous callers cannot turn each request into backend calls. */
export const HEALTH_CACHE_MS = 5_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Asks every part at once; the service is healthy only when all of them answer. */
export async function checkHealth(
  probes: readonly HealthProbe[],
  now: () => Date = () => new Date(),
): Promise<HealthReport> {
  const results = await Promise.all(
    probes.map(async (probe) => {
      try {
        await withTimeout(probe.check(), PROBE_TIMEOUT_MS);
        return [probe.name, { ok: true }] as const;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return [probe.name, { ok: false, error: reason.slice(0, 200) }] as const;
      }
    }),
  );
  const checks = Object.fromEntries(results);
  return {
    status: results.every(([, r]) => r.ok) ? 'ok' : 'unavailable',
    checks,
    checkedAt: now().toISOString(),
  };
}

/**
 * The health check as the public route uses it: one round of probes at a time, its result reused for
 * `ttlMs`, and `onReport` told once per round (the handler logs what failed there, for the operator).
 */
export function cachedHealthCheck(
  probes: readonly HealthProbe[],
  options: {
    readonly ttlMs?: number;
    readonly now?: () => number;
    readonly onReport?: (report: HealthReport) => void;
  } = {},
): () => Promise<HealthReport> {
  const ttlMs = options.ttlMs ?? HEALTH_CACHE_MS;
  const now = options.now ?? Date.now;
  let cached: { readonly at: number; readonly report: Promise<HealthReport> } | null = null;
  return () => {
    if (cached && now() - cached.at < ttlMs) return cached.report;
    const report = checkHealth(probes).then((result) => {
      options.onReport?.(result);
      return result;
    });
    cached = { at: now(), report };
    return report;
  };
}
