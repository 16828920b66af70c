/**
 * cdk-nag acknowledgements of IAM wildcard findings (AwsSolutions-IAM5) that CDK's own grants produce.
 *
 * cdk-nag 3 matches an acknowledgement only by the exact finding (`AwsSolutions-IAM5[Resource::<...>]`), and
 * the finding names cross-stack exports that exist only after CDK has resolved references. So the findings
 * are computed with cdk-nag's own rule once references are resolved (a construct validation runs then), and
 * each is acknowledged only if it matches one of the reasons below. Anything else stays a finding and fails
 * the cdk-nag test.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** Actions AWS offers no resource-level permission for, so `Resource: *` is the only way to allow them. */
const RESOURCE_LESS_ACTIONS = new Set([
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  'xray:GetSamplingRules',
  'xray:GetSamplingTargets',
  'logs:CreateLogDelivery',
  'logs:GetLogDelivery',
  'logs:UpdateLogDelivery',
  'logs:DeleteLogDelivery',
  'logs:ListLogDeliveries',
  'logs:PutResourcePolicy',
  'logs:DescribeResourcePolicies',
  'logs:DescribeLogGroups',
  // Granted on * by CDK's BucketDeployment, which invalidates only this site's distribution.
  'cloudfront:CreateInvalidation',
  'cloudfront:GetInvalidation',
]);

const WILDCARD_REASONS: readonly { readonly pattern: RegExp; readonly reason: string }[] = [
  {
    pattern: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort|PutObject)\*$/,
    reason:
      'CDK bucket grant action groups (read/write/delete of objects) limited to the one audio bucket and its objects.',
  },
  {
    pattern: /^Resource::.*AudioBucket.*\/\*$/,
    reason:
      'Audio objects are keyed by message id; a step may read or write any message’s audio in this bucket only.',
  },
  {
    pattern: /^Resource::<SiteBucket[A-Za-z0-9]*\.Arn>\/\*$/,
    reason: 'The site deployment writes and prunes the built site, which is every object of the site bucket.',
  },
  {
    pattern: /^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
    reason:
      'The site deployment reads the uploaded site archive from the CDK bootstrap assets bucket (object names are content hashes).',
  },
  {
    pattern: /^Resource::.*\/index\/\*$/,
    reason: 'Querying the table’s own secondary indexes (the `recent` feed); no other table is reachable.',
  },
  {
    pattern: /^Resource::<[A-Za-z0-9]+Function[A-Za-z0-9]*\.Arn>:\*$/,
    reason:
      'The state machine may invoke versions and aliases of its own step function only (CDK LambdaInvoke grant).',
  },
];

/** Acknowledges the explained IAM5 findings of every IAM policy under `scope`, once references are resolved. */
export function acknowledgeExplainedWildcards(scope: IConstruct): void {
  scope.node.addValidation({
    validate: () => {
      for (const node of scope.node.findAll()) {
        if (!(node instanceof CfnPolicy)) continue;
        const findings = rules.iam.IAMNoWildcardPermissions(node);
        if (!Array.isArray(findings)) continue;
        for (const finding of findings) {
          const reason = reasonFor(node, finding);
          if (reason) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
        }
      }
      return [];
    },
  });
}

function reasonFor(policy: CfnPolicy, finding: string): string | undefined {
  if (finding === 'Resource::*') {
    return onlyResourceLessActionsOnStar(policy)
      ? 'Only X-Ray tracing, log delivery and (for the site deployment) CloudFront invalidation actions are on Resource *: AWS or CDK offers no narrower resource for them.'
      : undefined;
  }
  return WILDCARD_REASONS.find((r) => r.pattern.test(finding))?.reason;
}

function onlyResourceLessActionsOnStar(policy: CfnPolicy): boolean {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: Statement[] };
  return (document.Statement ?? [])
    .filter((s) => s.Effect === 'Allow' && asArray(s.Resource).includes('*'))
    .every((s) => asArray(s.Action).every((action) => RESOURCE_LESS_ACTIONS.has(String(action))));
}

type Statement = { Effect?: string; Action?: unknown; Resource?: unknown };
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
