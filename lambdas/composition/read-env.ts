/**
 * Configuration, split by concern: each factory in lambdas/composition/ reads only the variables of its own
 * concern through a zod schema, once, when a handler module builds it at cold start. A function therefore
 * needs (and CDK gives it) only the variables of the parts it uses, and a missing one fails the cold start
 * with one readable error instead of a request later.
 */
import * as z from 'zod';
import { MAX_RETENTION_DAYS } from '#core/messages/retention';

/** A comma-separated list in one variable (`a, b,c`), blanks dropped; empty when unset. */
export const commaSeparatedList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** An optional URL; an empty string counts as unset. */
export const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** A variable that must be set and non-empty (table and bucket names, ARNs). */
export const required = z.string().min(1);

/** readEnv's error: its message names every bad variable; `issues` lets a caller word its own (local/local-config.ts). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly issues: readonly { readonly variable: string; readonly problem: string }[],
  ) {
    super(message);
  }
}

/**
 * Reads the variables `shape` names from the environment (and nothing else); throws one readable error
 * (a ConfigError) naming every bad variable and the concern that needs it.
 */
export function readEnv<S extends z.ZodRawShape>(
  concern: string,
  shape: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<z.ZodObject<S>> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) values[key] = env[key];
  const parsed = z.object(shape).safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(
      `Configuration of ${concern} is incomplete or invalid:\n${lines.join('\n')}`,
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? ''), problem: i.message })),
    );
  }
  return parsed.data;
}

/** A retention period in days, as a deployment sets it (1 day to ten years). */
export const retentionDays = z.coerce.number().int().min(1).max(MAX_RETENTION_DAYS);
