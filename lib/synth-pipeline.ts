/**
 * The pipeline's state machine definition as the local runtime runs it: synthesized from the same CDK code
 * that deploys it, with CloudFormation intrinsics resolved to plain local strings.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_AUDIO_RETENTION_DAYS, DEFAULT_TRANSCRIPT_RETENTION_DAYS } from '#core/messages/retention';
import { DEFAULT_MOONSHINE_SIZE } from '../lambdas/adapters/offline/moonshine-model';
import { PIPELINE_STEPS } from '../lambdas/handlers/pipeline/pipeline-steps';
import { createApp } from './create-app';

/** What {@link synthesizePipelineDefinition} returns. */
export interface SynthesizedPipeline {
  /** The Amazon States Language definition, parsed, with every intrinsic resolved to a string. */
  readonly definition: Record<string, unknown>;
  /** Task state name -> the handler's `fn` (lambdas/<fn>.ts), from PIPELINE_STEPS. */
  readonly taskFunctions: Record<string, string>;
}

const LOCAL_REGION = 'local';
const LOCAL_ACCOUNT = '000000000000';
const PSEUDO_PARAMETERS: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': LOCAL_REGION,
  'AWS::AccountId': LOCAL_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'local',
  'AWS::NoValue': '',
};

type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }> };

/**
 * Builds the CDK app in-process (no bundling, no asset staging, no cdk-nag), takes the state machine's
 * DefinitionString from the synthesized template, resolves it and maps each Task state to its handler.
 * Throws if a Task state has no handler in PIPELINE_STEPS.
 */
export async function synthesizePipelineDefinition(): Promise<SynthesizedPipeline> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-summary-synth-'));
  try {
    const { app, stateless } = createApp({
      outdir,
      nag: false,
      // The site is not part of the pipeline: do not look for the built frontend.
      siteAssetsDir: path.join(outdir, 'no-site'),
      stage: {
        stage: 'local',
        serviceName: 'Voice Summary',
        contactEmail: 'support@example.com',
        allowedOrigins: [],
        transcriptionModel: DEFAULT_MOONSHINE_SIZE,
        audioRetentionDays: DEFAULT_AUDIO_RETENTION_DAYS,
        transcriptRetentionDays: DEFAULT_TRANSCRIPT_RETENTION_DAYS,
        adminEmails: [],
        logRetentionDays: 30,
      },
      stackTraces: false,
      treeMetadata: false,
      context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true },
    });
    const template = app.synth().getStackByName(stateless.stackName).template as Template;
    return pipelineFromTemplate(template);
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

/** The part of {@link synthesizePipelineDefinition} that reads a template (exported for tests). */
export function pipelineFromTemplate(template: Template): SynthesizedPipeline {
  const machines = Object.values(template.Resources).filter(
    (r) => r.Type === 'AWS::StepFunctions::StateMachine',
  );
  if (machines.length !== 1)
    throw new Error(`Expected one state machine in the template, found ${machines.length}.`);
  const resolved = resolveIntrinsics(machines[0]!.Properties?.DefinitionString, template);
  if (typeof resolved !== 'string') throw new Error('The state machine has no DefinitionString.');
  const definition = JSON.parse(resolved) as Record<string, unknown>;

  const fnByState = new Map<string, string>(Object.values(PIPELINE_STEPS).map((s) => [s.state, s.fn]));
  const taskFunctions: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of taskStateNames(definition)) {
    const fn = fnByState.get(name);
    if (fn) taskFunctions[name] = fn;
    else missing.push(name);
  }
  if (missing.length > 0) {
    throw new Error(
      `Task state(s) with no handler in PIPELINE_STEPS (lambdas/handlers/pipeline/pipeline-steps.ts): ${missing.join(', ')}.`,
    );
  }
  return { definition, taskFunctions };
}

/** Every Task state's name, including those inside Parallel branches and Map iterators. */
function taskStateNames(machine: Record<string, unknown>): string[] {
  const names: string[] = [];
  const states = (machine.States ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task') names.push(name);
    for (const branch of (state.Branches ?? []) as Record<string, unknown>[])
      names.push(...taskStateNames(branch));
    for (const key of ['Iterator', 'ItemProcessor']) {
      const inner = state[key] as Record<string, unknown> | undefined;
      if (inner) names.push(...taskStateNames(inner));
    }
  }
  return names;
}

/** Resolves Fn::Join, Fn::GetAtt, Ref (and Fn::Sub without variables) into plain strings. */
function resolveIntrinsics(value: unknown, template: Template): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveIntrinsics(v, template));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [key, arg] = entries[0]!;
    switch (key) {
      case 'Fn::Join': {
        const [separator, parts] = arg as [string, unknown[]];
        return parts.map((p) => String(resolveIntrinsics(p, template))).join(separator);
      }
      case 'Ref': {
        const name = arg as string;
        return PSEUDO_PARAMETERS[name] ?? localArn(name, template, 'Ref');
      }
      case 'Fn::GetAtt': {
        const [logicalId, attribute] = (typeof arg === 'string' ? arg.split('.') : arg) as [string, string];
        return localArn(logicalId, template, attribute);
      }
    }
    if (key.startsWith('Fn::')) throw new Error(`Cannot resolve ${key} in the state machine definition.`);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, resolveIntrinsics(v, template)]));
}

/** A stable local stand-in for a resource's ARN or name. */
function localArn(logicalId: string, template: Template, attribute: string): string {
  const type = template.Resources[logicalId]?.Type;
  if (type === 'AWS::Lambda::Function')
    return `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${logicalId}`;
  if (attribute === 'Ref') return logicalId;
  return `arn:aws:local:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${logicalId}/${attribute}`;
}
