import { Stack } from 'aws-cdk-lib';
import { type UserPool, UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { AUTH_TRIGGERS } from '../../lambdas/auth-triggers';
import { applyTriggerAccess } from '../function-access';
import { ProjectFunction } from './project-function';

/** Props of {@link AuthTriggers}. */
export interface AuthTriggersProps {
  /** The pool the triggers are attached to. */
  readonly userPool: UserPool;
  /** Holds the first-administrator claim (next to the settings row). */
  readonly settingsTable: ITable;
  readonly adminGroupName: string;
  /**
   * Emails that become administrators as soon as they are confirmed.
   * @default none (the first confirmed account of a deployment without administrators becomes one)
   */
  readonly adminEmails?: readonly string[];
  /** The service's name in the emails. */
  readonly serviceName: string;
  /** The SSM parameter (a name starting with `/`) where the app stack writes the site's URL. */
  readonly siteUrlParameterName: string;
  /**
   * How long the functions' logs are kept.
   * @default ProjectFunction's default
   */
  readonly logRetention?: RetentionDays;
  /**
   * POWERTOOLS_SERVICE_NAME of the functions.
   * @default ProjectFunction's default
   */
  readonly service?: string;
}

const OPERATIONS = {
  PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
  CustomMessage: UserPoolOperation.CUSTOM_MESSAGE,
} as const;

/**
 * The user pool's Lambda triggers (lambdas/auth-triggers.ts): PostConfirmation decides who becomes an
 * administrator, CustomMessage writes the emails. They live in the stateful stack next to the pool, because
 * the pool must name them and the app stack already depends on this one (docs/decisions.md).
 */
export class AuthTriggers extends Construct {
  /** Each trigger's function, keyed by its `fn`. */
  public readonly functions = new Map<string, ProjectFunction>();

  constructor(scope: Construct, id: string, props: AuthTriggersProps) {
    super(scope, id);
    const parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: props.siteUrlParameterName.replace(/^\//, ''),
    });
    for (const trigger of Object.values(AUTH_TRIGGERS)) {
      const fn = new ProjectFunction(this, trigger.trigger, {
        fn: `handlers/${trigger.fn}`,
        logRetention: props.logRetention,
        service: props.service,
      });
      applyTriggerAccess(trigger.fn, fn, {
        userPool: props.userPool,
        settingsTable: props.settingsTable,
        adminGroupName: props.adminGroupName,
        adminEmails: props.adminEmails ?? [],
        serviceName: props.serviceName,
        siteUrlParameter: { name: props.siteUrlParameterName, arn: parameterArn },
      });
      props.userPool.addTrigger(OPERATIONS[trigger.trigger], fn);
      this.functions.set(trigger.fn, fn);
    }
  }
}
