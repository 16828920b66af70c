/**
 * Where each part of the local runtime is reached: its region, the path prefixes the stand-ins are mounted at
 * on the public port (local/front-door.ts) and the internal door (local/internal-door.ts), and the ARN the
 * Step Functions stand-in answers to.
 */
export const REGION = 'us-east-1';
export const COGNITO_PREFIX = '/cognito';
export const STEP_FUNCTIONS_PREFIX = '/stepfunctions';
/** Everything only the local runtime has: same-origin callers only. */
export const LOCAL_PREFIX = '/_local';
export const LOCAL_STATE_MACHINE_ARN = `arn:aws:states:${REGION}:000000000000:stateMachine:voice-summary-local`;
