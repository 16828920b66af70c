/**
 * What each Lambda function may touch, keyed by its `fn` (HTTP_ROUTES and PIPELINE_STEPS). Every function
 * gets every resource's *name* in its environment (lambdas/config.ts reads them all), but only the access
 * listed here. A function with no entry fails the synth, so a new route cannot ship with guessed permissions.
 */
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { PIPELINE_STEPS } from '../lambdas/pipeline-steps';
import type { ProjectFunction } from './constructs/project-function';
import type { StatefulStack } from './stateful-stack';

/** The stateful resources and the pipeline a grant can refer to. */
export type GrantTargets = {
  readonly data: StatefulStack;
  /** Undefined while the pipeline's own functions are being created (they never start it). */
  readonly stateMachine?: IStateMachine;
};
type Grant = (fn: ProjectFunction, targets: GrantTargets) => void;

/** Functions that start pipeline executions: they get STATE_MACHINE_ARN and states:StartExecution. */
export const PIPELINE_STARTERS: readonly string[] = ['receive-message', 'process-audio'];

const readSecrets: Grant = (fn, { data }) => {
  fn.readSecret('OPENAI_API_KEY_SECRET_ARN', data.openAiApiKeySecret);
  fn.readSecret('TWILIO_AUTH_TOKEN_SECRET_ARN', data.twilioAuthTokenSecret);
};

/** Every pipeline step: messages RW, settings R, secrets R, audio RW, opt-outs R. */
const pipelineStep: Grant = (fn, targets) => {
  const { data } = targets;
  fn.readWriteTable('MESSAGES_TABLE', data.tables.messages);
  fn.readTable('SETTINGS_TABLE', data.tables.settings);
  fn.readTable('OPT_OUTS_TABLE', data.tables.optOuts);
  fn.readWriteBucket('AUDIO_BUCKET', data.audioBucket);
  readSecrets(fn, targets);
};

export const FUNCTION_GRANTS: Readonly<Record<string, Grant>> = {
  health: (fn, { data }) => {
    fn.getItemOnTable('SETTINGS_TABLE', data.tables.settings);
    fn.headBucket('AUDIO_BUCKET', data.audioBucket);
  },
  'public-info': (fn, { data }) => {
    fn.readTable('SETTINGS_TABLE', data.tables.settings);
  },
  'create-signup': (fn, { data }) => {
    fn.writeTable('SIGNUPS_TABLE', data.tables.signups);
    // Consent records are append-only: the function can add one, never change or delete one.
    fn.appendToTable('SIGNUP_CONSENTS_TABLE', data.tables.signupConsents);
  },
  'list-messages': (fn, { data }) => {
    fn.readTable('MESSAGES_TABLE', data.tables.messages);
  },
  'get-settings': (fn, targets) => {
    fn.readTable('SETTINGS_TABLE', targets.data.tables.settings);
    readSecrets(fn, targets);
  },
  'put-settings': (fn, { data }) => {
    // Reads the row to merge the fields sent, and answers with the masked secrets.
    fn.readWriteTable('SETTINGS_TABLE', data.tables.settings);
    fn.readWriteSecret('OPENAI_API_KEY_SECRET_ARN', data.openAiApiKeySecret);
    fn.readWriteSecret('TWILIO_AUTH_TOKEN_SECRET_ARN', data.twilioAuthTokenSecret);
  },
  // The Twilio webhook: stores the message and its audio, records STOP/START, checks the signature with
  // the auth token, starts the pipeline.
  'receive-message': (fn, targets) => {
    const { data } = targets;
    fn.readWriteTable('MESSAGES_TABLE', data.tables.messages);
    fn.readTable('SETTINGS_TABLE', data.tables.settings);
    fn.readWriteTable('OPT_OUTS_TABLE', data.tables.optOuts);
    fn.readWriteBucket('AUDIO_BUCKET', data.audioBucket);
    readSecrets(fn, targets);
  },
  // Admin (re)processing: resets the message and starts the pipeline; the steps do the rest.
  'process-audio': (fn, { data }) => {
    fn.readWriteTable('MESSAGES_TABLE', data.tables.messages);
    fn.readWriteBucket('AUDIO_BUCKET', data.audioBucket);
  },
  ...Object.fromEntries(Object.values(PIPELINE_STEPS).map((step) => [step.fn, pipelineStep])),
};

/** Applies the grants declared for `fnName` (and the pipeline start permission for starters). */
export function applyGrants(fnName: string, fn: ProjectFunction, targets: GrantTargets): void {
  const grant = FUNCTION_GRANTS[fnName];
  if (!grant) {
    throw new Error(
      `No grants declared for function "${fnName}": add it to FUNCTION_GRANTS in lib/function-grants.ts.`,
    );
  }
  grant(fn, targets);
  if (PIPELINE_STARTERS.includes(fnName)) {
    if (!targets.stateMachine)
      throw new Error(`Function "${fnName}" starts the pipeline but none exists yet.`);
    fn.startsPipeline(targets.stateMachine);
  }
}
