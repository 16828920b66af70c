import { Stack } from 'aws-cdk-lib';
import { type IUserPool, type UserPool, UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LIVE_CHANNEL_ITEM_ID } from '../../lambdas/adapters/aws/dynamo-live-channel-store';
import { ENV } from '../../lambdas/composition/env-names';
import { AUTH_TRIGGERS, type AuthTrigger, triggerEntry } from '../../lambdas/handlers/cognito/triggers';
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

/** What a trigger's access can refer to. */
type TriggerTargets = {
  readonly userPool: IUserPool;
  readonly settingsTable: ITable;
  readonly adminGroupName: string;
  readonly adminEmails: readonly string[];
  readonly serviceName: string;
  /** Where the app stack writes the site's URL (SSM), and that parameter's ARN. */
  readonly siteUrlParameter: { readonly name: string; readonly arn: string };
};

/**
 * What each trigger may touch and what it is told (as lib/function-access.ts does for the app's functions):
 * exactly the variables lambdas/composition/trigger-deps.ts reads and, bound to each, the actions it needs.
 */
const TRIGGER_ACCESS: Record<AuthTrigger['fn'], (fn: ProjectFunction, t: TriggerTargets) => void> = {
  // Decides whether a confirmed account becomes an administrator: the allowlist, the first-administrator
  // claim (a conditional PutItem; DeleteItem gives it back if the group cannot be joined), whether anyone is
  // an administrator yet, and joining the group. After a confirmed password reset, records when the
  // account's sessions ended (PutItem), signs it out everywhere and retires the live channel's key (issue 31:
  // a new key, the old one kept for the next publisher to announce; the trigger cannot publish itself).
  'post-confirmation': (fn, t) => {
    fn.setting(ENV.ADMIN_EMAILS, t.adminEmails.join(','));
    fn.setting(ENV.ADMIN_GROUP, t.adminGroupName);
    fn.table(ENV.SETTINGS_TABLE, t.settingsTable, ['PutItem', 'DeleteItem']);
    fn.tableItems(ENV.SETTINGS_TABLE, t.settingsTable, ['GetItem', 'UpdateItem'], [LIVE_CHANNEL_ITEM_ID]);
    fn.triggerOf(t.userPool, ['ListUsersInGroup', 'AdminAddUserToGroup', 'AdminUserGlobalSignOut']);
  },
  // Writes the emails: the service's name, and the site's URL for the reset link.
  'custom-message': (fn, t) => {
    fn.setting(ENV.SERVICE_NAME, t.serviceName);
    fn.parameter(ENV.SITE_URL_PARAMETER, t.siteUrlParameter.name, t.siteUrlParameter.arn);
  },
};

/**
 * The user pool's Lambda triggers (lambdas/handlers/cognito/triggers.ts): PostConfirmation decides who becomes an
 * administrator, CustomMessage writes the emails. They live in the stateful stack next to the pool, because
 * the pool must name them and the app stack already depends on this one (docs/decisions/operator-team.md).
 */
export class AuthTriggers extends Construct {
  /** Each trigger's function, keyed by its `fn`. */
  public readonly functions = new Map<string, ProjectFunction>();

  constructor(scope: Construct, id: string, props: AuthTriggersProps) {
    super(scope, id);
    const targets: TriggerTargets = {
      userPool: props.userPool,
      settingsTable: props.settingsTable,
      adminGroupName: props.adminGroupName,
      adminEmails: props.adminEmails ?? [],
      serviceName: props.serviceName,
      siteUrlParameter: {
        name: props.siteUrlParameterName,
        arn: Stack.of(this).formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: props.siteUrlParameterName.replace(/^\//, ''),
        }),
      },
    };
    for (const trigger of Object.values(AUTH_TRIGGERS)) {
      const fn = new ProjectFunction(this, trigger.trigger, {
        fn: triggerEntry(trigger),
        logRetention: props.logRetention,
        service: props.service,
      });
      TRIGGER_ACCESS[trigger.fn](fn, targets);
      props.userPool.addTrigger(OPERATIONS[trigger.trigger], fn);
      this.functions.set(trigger.fn, fn);
    }
  }
}
