#!/usr/bin/env -S npx tsx
// The CDK app: stage parameters come from context (-c stage=prod) or the environment; see docs/deploy.md.
import { createApp } from '../lib/create-app';

createApp().app.synth();
