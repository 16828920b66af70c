/**
 * Powertools' settings for the handlers on this machine, in a module that imports nothing: local/main.ts
 * applies them before it loads anything that logs, because Powertools' logger reads them once, when the first
 * module that logs is loaded (set later, they were ignored: every request was logged at INFO with
 * "service_undefined"). local/handler-environment.ts includes them in the handlers' environment.
 */

/** Powertools' settings for the handlers on this machine. */
export function localPowertoolsEnvironment(logLevel: string | undefined): Record<string, string> {
  return {
    // Lambda sets these; locally the request log would drown the console, so only warnings are shown.
    POWERTOOLS_SERVICE_NAME: 'voice-summary',
    POWERTOOLS_LOG_LEVEL: logLevel || 'WARN',
    POWERTOOLS_TRACE_ENABLED: 'false',
    POWERTOOLS_DEV: 'false',
    // Metrics go to CloudWatch in AWS; locally they would only print EMF lines.
    POWERTOOLS_METRICS_NAMESPACE: 'VoiceSummary',
    POWERTOOLS_METRICS_DISABLED: 'true',
    // Many invocations run at once in this one process, as on a Lambda Managed Instance: each keeps its log
    // keys in its own invocation store (lambdas/composition/observability.ts), so they never cross lines.
    AWS_LAMBDA_MAX_CONCURRENCY: '1000',
  };
}

/** Applies Powertools' settings; local/main.ts calls it before anything that logs is loaded. */
export function applyPowertoolsEnvironment(logLevel: string | undefined): void {
  Object.assign(process.env, localPowertoolsEnvironment(logLevel));
}
