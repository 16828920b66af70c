/**
 * The handlers' code, imported as Lambda loads a function's: after their environment is set
 * (local/handler-environment.ts), since their composition reads it when the module loads. The same modules
 * run in AWS; the paths come from the lists CDK builds the functions from.
 */

import { AUTH_TRIGGERS, triggerEntry } from '../lambdas/handlers/cognito/triggers';
import { HTTP_ROUTES, handlerEntry } from '../lambdas/http/routes';
import type { SignedPostCheck } from './api-door';
import type { LambdaHttpHandler } from './api-gateway';
import type { TriggerHandler } from './lambda-invoke';
import type { TaskHandler } from './stand-ins/stepfunctions';

/** Each API route's handler, by route key (`POST /api/signup`). */
export async function loadHttpHandlers(): Promise<ReadonlyMap<string, LambdaHttpHandler>> {
  const handlers = new Map<string, LambdaHttpHandler>();
  for (const route of HTTP_ROUTES) {
    const module = (await import(`../lambdas/${handlerEntry(route)}.ts`)) as { handler: LambdaHttpHandler };
    handlers.set(`${route.method} ${route.path}`, module.handler);
  }
  return handlers;
}

/**
 * The signature check each `signedBy` route's function exports (`signedPost`), by route key: the gateway asks
 * it before it counts a post against the route's throttle. A signed route without one stops the start.
 */
export async function loadSignedPostChecks(): Promise<ReadonlyMap<string, SignedPostCheck>> {
  const checks = new Map<string, SignedPostCheck>();
  for (const route of HTTP_ROUTES.filter((r) => r.signedBy)) {
    const module = (await import(`../lambdas/${handlerEntry(route)}.ts`)) as { signedPost?: SignedPostCheck };
    if (typeof module.signedPost !== 'function') {
      throw new Error(
        `lambdas/${handlerEntry(route)}.ts must export signedPost: its route is signedBy ${route.signedBy}.`,
      );
    }
    checks.set(`${route.method} ${route.path}`, module.signedPost);
  }
  return checks;
}

/** The user pool's trigger handlers, by function name (what cognito-local invokes). */
export async function loadTriggerHandlers(): Promise<ReadonlyMap<string, TriggerHandler>> {
  const triggers = new Map<string, TriggerHandler>();
  for (const trigger of Object.values(AUTH_TRIGGERS)) {
    const module = (await import(`../lambdas/${triggerEntry(trigger)}.ts`)) as { handler: TriggerHandler };
    triggers.set(trigger.fn, module.handler);
  }
  return triggers;
}

/** Each Task state's handler, from the state -> function map synthesized from the CDK app. */
export async function loadTaskHandlers(
  taskFunctions: Readonly<Record<string, string>>,
): Promise<Record<string, TaskHandler>> {
  const handlers: Record<string, TaskHandler> = {};
  for (const [state, fn] of Object.entries(taskFunctions)) {
    const module = (await import(`../lambdas/${fn}.ts`)) as { handler: TaskHandler };
    handlers[state] = module.handler;
  }
  return handlers;
}

/** The handler EventBridge invokes in AWS when a run ends failed, timed out or aborted. */
export async function loadRunEndedHandler(): Promise<(event: unknown) => Promise<unknown>> {
  const module = (await import('../lambdas/handlers/pipeline/run-ended.ts')) as {
    handler: (event: unknown) => Promise<unknown>;
  };
  return module.handler;
}
