import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  Choice,
  Condition,
  DefinitionBody,
  Errors,
  Fail,
  JitterType,
  JsonPath,
  LogLevel,
  StateMachine,
  Timeout,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import {
  FAILED_STATE,
  PIPELINE_STEPS,
  type PipelineStep,
  REPLY_CHOICE_STATE,
  RETRY_POLICY,
  RETRYABLE_ERRORS,
} from '../../lambdas/handlers/pipeline/pipeline-steps';
import { acknowledgeResourceLessActions, acknowledgeWildcardResource } from '../nag';

/** One Lambda function per pipeline step, keyed like PIPELINE_STEPS. */
export type PipelineFunctions = { readonly [K in keyof typeof PIPELINE_STEPS]: IFunction };

/** Props of {@link Pipeline}. */
export interface PipelineProps {
  /** The function each Task state invokes. */
  readonly functions: PipelineFunctions;
  /**
   * How long execution logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
}

/**
 * The voice pipeline as a Step Functions state machine, built from PIPELINE_STEPS (the contract the local
 * runtime shares): MarkProcessing -> PrepareAudio -> Transcribe -> Summarize -> DecideReply -> ShouldReply
 * -> (SendReply) -> MarkCompleted; any task's unrecovered error goes to MarkFailed and ends in `Failed`.
 */
export class Pipeline extends Construct {
  public readonly stateMachine: StateMachine;
  public readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);
    const { functions } = props;

    const task = (key: keyof typeof PIPELINE_STEPS) => {
      const step: PipelineStep = PIPELINE_STEPS[key];
      const invoke = new LambdaInvoke(this, step.state, {
        lambdaFunction: functions[key],
        payloadResponseOnly: true,
        // The whole state is the payload; the result goes to `$.<resultKey>` (or is dropped).
        resultPath: step.resultKey ? `$.${step.resultKey}` : JsonPath.DISCARD,
        taskTimeout: Timeout.duration(Duration.seconds(step.timeoutSeconds)),
        // Our own Retry below covers the Lambda service errors, with the contract's policy.
        retryOnServiceExceptions: false,
      });
      invoke.addRetry({
        errors: [...RETRYABLE_ERRORS],
        interval: Duration.seconds(RETRY_POLICY.intervalSeconds),
        maxAttempts: RETRY_POLICY.maxAttempts,
        backoffRate: RETRY_POLICY.backoffRate,
        jitterStrategy: JitterType.FULL,
      });
      return invoke;
    };

    const markFailed = task('markFailed');
    markFailed.next(new Fail(this, FAILED_STATE, { comment: 'The message was marked failed.' }));
    // If even MarkFailed cannot mark it, the run fails; EventBridge then has pipeline-run-ended mark it.
    markFailed.addCatch(
      new Fail(this, 'NotMarked', { comment: 'MarkFailed failed: pipeline-run-ended marks the message.' }),
      { errors: [Errors.ALL], resultPath: '$.markFailedError' },
    );

    const steps = {
      markProcessing: task('markProcessing'),
      prepareAudio: task('prepareAudio'),
      transcribe: task('transcribe'),
      summarize: task('summarize'),
      decideReply: task('decideReply'),
      sendReply: task('sendReply'),
      markCompleted: task('markCompleted'),
    };
    for (const step of Object.values(steps)) {
      step.addCatch(markFailed, { errors: [Errors.ALL], resultPath: '$.error' });
    }

    const shouldReply = new Choice(this, REPLY_CHOICE_STATE)
      .when(
        Condition.and(
          Condition.isBoolean('$.decision.send'),
          Condition.booleanEquals('$.decision.send', true),
        ),
        steps.sendReply.next(steps.markCompleted),
      )
      .otherwise(steps.markCompleted);

    const definition = steps.markProcessing
      .next(steps.prepareAudio)
      .next(steps.transcribe)
      .next(steps.summarize)
      .next(steps.decideReply)
      .next(shouldReply);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Execution logs are diagnostics; messages and their status live in DynamoDB.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const totalSeconds = Object.values(PIPELINE_STEPS).reduce((sum, s) => sum + s.timeoutSeconds, 0);
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      definitionBody: DefinitionBody.fromChainable(definition),
      comment:
        'Voice message pipeline: transcribe, summarize, reply (lambdas/handlers/pipeline/pipeline-steps.ts).',
      tracingEnabled: true,
      // Every task at its timeout with every retry still ends well inside this.
      timeout: Duration.seconds(totalSeconds * (RETRY_POLICY.maxAttempts + 1) + 600),
      logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    acknowledgeResourceLessActions(
      this.stateMachine.role,
      'X-Ray tracing and log delivery to CloudWatch Logs have no resource-level permissions: AWS only accepts Resource *.',
    );
    for (const fn of Object.values(functions)) {
      acknowledgeWildcardResource(
        this.stateMachine.role,
        `${fn.functionArn}:*`,
        'The state machine may invoke versions and aliases of its own step function only (CDK LambdaInvoke grant).',
      );
    }
  }
}
