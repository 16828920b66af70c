import { describe, expect, it } from 'vitest';
import {
  FAILED_STATE,
  PIPELINE_STEPS,
  REPLY_CHOICE_STATE,
} from '../../lambdas/handlers/pipeline/pipeline-steps';
import { pipelineFromTemplate, synthesizePipelineDefinition } from '../../lib/synth-pipeline';

describe('synthesizePipelineDefinition', () => {
  it('returns the deployed definition with plain strings and every Task mapped to its handler', async () => {
    const { definition, taskFunctions } = await synthesizePipelineDefinition();

    expect(definition.StartAt).toBe(PIPELINE_STEPS.markProcessing.state);
    expect(taskFunctions).toEqual(
      Object.fromEntries(Object.values(PIPELINE_STEPS).map((s) => [s.state, s.fn])),
    );
    const states = definition.States as Record<string, { Type: string; Resource?: unknown }>;
    expect(states[REPLY_CHOICE_STATE]?.Type).toBe('Choice');
    expect(states[FAILED_STATE]?.Type).toBe('Fail');
    for (const state of Object.keys(taskFunctions)) {
      expect(states[state]?.Resource).toMatch(/^arn:aws:lambda:local:000000000000:function:[A-Za-z0-9]+$/);
    }
    expect(JSON.stringify(definition)).not.toMatch(/Fn::|"Ref"/);
  });

  it('refuses a definition with a Task state no handler is listed for', () => {
    const template = {
      Resources: {
        Fn: { Type: 'AWS::Lambda::Function' },
        Machine: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: {
            DefinitionString: {
              'Fn::Join': [
                '',
                [
                  '{"StartAt":"Mystery","States":{"Mystery":{"Type":"Task","Resource":"',
                  { 'Fn::GetAtt': ['Fn', 'Arn'] },
                  '","End":true}}}',
                ],
              ],
            },
          },
        },
      },
    };
    expect(() => pipelineFromTemplate(template)).toThrow(/Mystery/);
  });

  it('resolves Ref and pseudo parameters too', () => {
    const template = {
      Resources: {
        Fn: { Type: 'AWS::Lambda::Function' },
        Machine: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: {
            DefinitionString: {
              'Fn::Join': [
                '',
                [
                  '{"StartAt":"MarkProcessing","States":{"MarkProcessing":{"Type":"Task","Resource":"arn:',
                  { Ref: 'AWS::Partition' },
                  ':states:::lambda:invoke","Parameters":{"FunctionName":"',
                  { Ref: 'Fn' },
                  '"},"End":true}}}',
                ],
              ],
            },
          },
        },
      },
    };
    const { definition, taskFunctions } = pipelineFromTemplate(template);
    expect(taskFunctions).toEqual({ MarkProcessing: PIPELINE_STEPS.markProcessing.fn });
    expect(JSON.stringify(definition)).toContain('"Resource":"arn:aws:states:::lambda:invoke"');
  });
});
