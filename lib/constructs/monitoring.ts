import { Duration, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  LogQueryWidget,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { FAILURE_CAUSES } from '#core/messages/pipeline-failures';

/** Props of {@link Monitoring}. */
export interface MonitoringProps {
  /** Every project function, by `fn`. */
  readonly functions: ReadonlyMap<string, IFunction>;
  /** The `fn`s behind HTTP routes (the rest are pipeline steps and scheduled jobs). */
  readonly httpFunctions: readonly string[];
  readonly stateMachine: IStateMachine;
  readonly api: IHttpApi;
  /** Runs the stuck-message check on a schedule. */
  readonly stuckMessagesWatcher: IFunction;
  /** The namespace and `service` dimension the functions' Powertools metrics carry. */
  readonly metricsNamespace: string;
  readonly serviceDimension: string;
  /**
   * An email address subscribed to the alarm topic at deploy (it must confirm the subscription).
   * @default none: subscribe to the AlarmTopic output yourself
   */
  readonly alarmEmail?: string;
  /**
   * SMS segments sent in an hour (the functions' `SegmentsSent`, every text of every number) at which
   * `SmsSegmentsPerHour` fires: a flood of texts, or a budget in Settings set higher than meant.
   * @default 250 (a quarter of Settings' default daily budget, 1,000 segments, in one hour)
   */
  readonly segmentsAlarmPerHour?: number;
  /**
   * The dashboard's name.
   * @default generated
   */
  readonly dashboardName?: string;
}

/** CloudWatch limits an alarm's metric math to 10 metrics. */
const MAX_METRICS_PER_ALARM = 10;
const FIVE_MINUTES = Duration.minutes(5);
const DEFAULT_SEGMENTS_ALARM_PER_HOUR = 250;

/**
 * What an operator watches: an SNS topic every alarm notifies (subscribe an email or a pager to it), alarms
 * for failed and timed-out pipeline runs, API 5xx answers, throttled functions or runs, SMS segments sent in
 * an hour, and messages still unfinished 15 minutes after they arrived (a check every 5 minutes), and a
 * one-screen dashboard.
 */
export class Monitoring extends Construct {
  public readonly topic: Topic;
  public readonly alarms: Alarm[] = [];
  public readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Voice Summary alarms',
      enforceSSL: true,
    });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and metric values, no personal data; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key costs more than the topic.',
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    new Rule(this, 'StuckMessagesSchedule', {
      description: 'Counts messages still pending or processing 15 minutes after they arrived.',
      schedule: Schedule.rate(FIVE_MINUTES),
      targets: [new LambdaFunction(props.stuckMessagesWatcher, { retryAttempts: 0 })],
    });

    const custom = (metricName: string, statistic = 'Sum', dimensions: Record<string, string> = {}) =>
      new Metric({
        namespace: props.metricsNamespace,
        metricName,
        statistic,
        period: FIVE_MINUTES,
        dimensionsMap: { service: props.serviceDimension, ...dimensions },
      });
    const sum = { period: FIVE_MINUTES, statistic: 'Sum' };
    const functionsOf = (names: readonly string[]) =>
      names.map((n) => props.functions.get(n)).filter((f): f is IFunction => f !== undefined);
    const httpFunctions = functionsOf(props.httpFunctions);
    const otherFunctions = [...props.functions.entries()]
      .filter(([name]) => !props.httpFunctions.includes(name))
      .map(([, fn]) => fn);

    const alarm = (id: string, description: string, metric: IMetric, threshold = 1) => {
      const created = new Alarm(this, id, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      this.alarms.push(created);
      return created;
    };

    alarm(
      'PipelineRunsFailed',
      'A voice message could not be processed (the run ended in Failed). The message shows why on the dashboard; MessagesFailed by cause tells senders’ problems (no speech, not audio) from ours.',
      props.stateMachine.metricFailed(sum),
    );
    alarm(
      'PipelineRunsTimedOut',
      'A pipeline run hit the state machine’s timeout: a step hung past its retries.',
      props.stateMachine.metricTimedOut(sum),
    );
    alarm(
      'ApiServerErrors',
      'The HTTP API answered 5xx (a function failed or timed out); Twilio retries webhooks, people see an error.',
      props.api.metricServerError(sum),
    );
    // Throttles of every function and of the state machine, in groups of at most 10 metrics per alarm.
    const throttles = [
      ...[...httpFunctions, ...otherFunctions].map((fn) => fn.metricThrottles(sum)),
      props.stateMachine.metricThrottled(sum),
    ];
    for (let group = 0; group * MAX_METRICS_PER_ALARM < throttles.length; group++) {
      const metrics = throttles.slice(group * MAX_METRICS_PER_ALARM, (group + 1) * MAX_METRICS_PER_ALARM);
      alarm(
        `Throttles${group + 1}`,
        'Lambda or Step Functions refused work for lack of concurrency or rate (docs/operations.md, scale).',
        new MathExpression({
          expression: metrics.map((_, i) => `FILL(t${i}, 0)`).join(' + '),
          usingMetrics: Object.fromEntries(metrics.map((m, i) => [`t${i}`, m])),
          period: FIVE_MINUTES,
          label: 'Throttles',
        }),
      );
    }
    alarm(
      'SmsSegmentsPerHour',
      'The service sent more SMS segments in an hour than expected (SegmentsSent, all numbers): Usage shows today’s segments against the SMS budget; docs/operations.md, "What one number can cost", says what to do.',
      custom('SegmentsSent').with({ period: Duration.hours(1) }),
      props.segmentsAlarmPerHour ?? DEFAULT_SEGMENTS_ALARM_PER_HOUR,
    );
    alarm(
      'MessagesStuck',
      'A message arrived more than 15 minutes ago and is still pending or processing: see the watcher’s log for its id, then Retry it from the dashboard.',
      custom('StuckMessages', 'Maximum'),
    );

    this.dashboard = new Dashboard(this, 'Dashboard', {
      ...(props.dashboardName ? { dashboardName: props.dashboardName } : {}),
      defaultInterval: Duration.days(1),
    });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Messages',
        left: [custom('MessagesReceived'), custom('MessagesCompleted'), custom('StuckMessages', 'Maximum')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Failed messages by cause',
        left: FAILURE_CAUSES.map((cause) =>
          custom('MessagesFailed', 'Sum', { cause }).with({ label: cause }),
        ),
        width: 8,
      }),
      new GraphWidget({
        title: 'Replies and opt-outs',
        left: [custom('RepliesSent'), custom('ReplySegments'), custom('SegmentsSent'), custom('OptOuts')],
        right: [custom('TranscriptionSeconds')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Pipeline runs',
        left: [
          props.stateMachine.metricStarted(sum),
          props.stateMachine.metricSucceeded(sum),
          props.stateMachine.metricFailed(sum),
          props.stateMachine.metricTimedOut(sum),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'HTTP API',
        left: [
          props.api.metricCount(sum),
          props.api.metricClientError(sum),
          props.api.metricServerError(sum),
        ],
        right: [props.api.metricLatency({ period: FIVE_MINUTES, statistic: 'p90' })],
        width: 8,
      }),
      new GraphWidget({
        title: 'Function errors and throttles',
        left: [...props.functions.values()].map((fn) => fn.metricErrors(sum)),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new LogQueryWidget({
        title: 'Cold starts by function (Powertools cold_start), last day',
        logGroupNames: [...props.functions.values()].flatMap((fn) =>
          fn instanceof NodejsFunction && fn.logGroup ? [fn.logGroup.logGroupName] : [],
        ),
        queryLines: [
          'filter cold_start = 1',
          'stats count(*) as coldStarts by function_name',
          'sort coldStarts desc',
        ],
        width: 8,
      }),
      new AlarmWidget({
        title: 'Stuck messages',
        alarm: this.alarms.find((a) => a.node.id === 'MessagesStuck')!,
        width: 16,
      }),
    );
  }
}
