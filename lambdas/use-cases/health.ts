/** One part of the service that must answer for the service to be healthy. */
export type HealthProbe = { readonly name: string; readonly check: () => Promise<void> };

export type HealthReport = {
  readonly status: 'ok' | 'unavailable';
  readonly checks: Record<string, { ok: boolean; error?: string }>;
};

const PROBE_TIMEOUT_MS = 3_000;

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
export async function checkHealth(probes: readonly HealthProbe[]): Promise<HealthReport> {
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
  return { status: results.every(([, r]) => r.ok) ? 'ok' : 'unavailable', checks };
}
