#!/usr/bin/env -S npx tsx
// The CDK app: stage parameters come from context (-c stage=prod) or the environment; see docs/deploy.md.
import { createApp } from '../lib/create-app';
import { StageConfigError } from '../lib/stage-config';

try {
  createApp().app.synth();
} catch (error) {
  // A parameter the operator must give or fix: their words, not a stack trace.
  if (!(error instanceof StageConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
