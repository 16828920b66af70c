/**
 * cdk-nag acknowledgements of IAM wildcard findings (AwsSolutions-IAM5), each for one policy (named by its
 * construct) and one exact finding, never a pattern.
 *
 * cdk-nag 3 names a finding by the flattened resource (`AwsSolutions-IAM5[Resource::<...>]`), which for a
 * cross-stack reference exists only once CDK has resolved it. So whoever makes a wildcard grant registers the
 * resource token here with its reason; after resolution (a construct validation runs then) the finding id is
 * computed from that token with cdk-nag's own flattening, and acknowledged on that policy alone. A wildcard
 * nobody registered stays a finding and fails the cdk-nag test.
 */
import { DefaultStackSynthesizer, Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';
import type { Site } from './constructs/site';

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

type Entry =
  | { readonly kind: 'resource'; readonly resource: unknown; readonly reason: string }
  | { readonly kind: 'finding'; readonly finding: string; readonly reason: string }
  | { readonly kind: 'action'; readonly action: string; readonly reason: string }
  | { readonly kind: 'resource-less'; readonly reason: string };

/** Per stack: each policy owner's accepted findings (a stack validates its own once references resolve). */
const registry = new WeakMap<Stack, Map<IConstruct, Entry[]>>();

/**
 * Accepts the wildcard finding that `resource` (a token such as `bucket.arnForObjects('audio/*')`) causes in
 * the policy of `owner` (a role, or a construct whose `DefaultPolicy` child is the policy).
 */
export function acknowledgeWildcardResource(owner: IConstruct, resource: unknown, reason: string): void {
  register(owner, { kind: 'resource', resource, reason });
}

/** Accepts one wildcard action (for example CDK's `s3:GetObject*`) in the policy of `owner`. */
export function acknowledgeWildcardAction(owner: IConstruct, action: string, reason: string): void {
  register(owner, { kind: 'action', action, reason });
}

/**
 * Accepts `Resource: *` in the policy of `owner` as long as every action allowed on `*` there is one AWS
 * offers no narrower resource for (X-Ray, log delivery, metric data, CloudFront invalidation).
 */
export function acknowledgeResourceLessActions(owner: IConstruct, reason: string): void {
  register(owner, { kind: 'resource-less', reason });
}

function register(owner: IConstruct, entry: Entry): void {
  const stack = Stack.of(owner);
  let owners = registry.get(stack);
  if (!owners) {
    const created = new Map<IConstruct, Entry[]>();
    owners = created;
    registry.set(stack, created);
    stack.node.addValidation({ validate: () => acknowledgeAll(created) });
  }
  owners.set(owner, [...(owners.get(owner) ?? []), entry]);
}

function acknowledgeAll(owners: Map<IConstruct, Entry[]>): string[] {
  for (const [policyOwner, list] of owners) {
    const policy = policyOf(policyOwner);
    if (!policy) continue;
    for (const item of list) acknowledge(policy, item);
  }
  return [];
}

function policyOf(owner: IConstruct): CfnPolicy | undefined {
  if (owner instanceof CfnPolicy) return owner;
  const direct = owner.node.defaultChild;
  if (direct instanceof CfnPolicy) return direct;
  const child = owner.node.tryFindChild('DefaultPolicy') ?? owner.node.tryFindChild('ServiceRole');
  return child ? policyOf(child) : undefined;
}

function acknowledge(policy: CfnPolicy, entry: Entry): void {
  switch (entry.kind) {
    case 'resource': {
      const flat = flattenCfnReference(Stack.of(policy).resolve(entry.resource));
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${flat}]`,
        reason: entry.reason,
      });
      return;
    }
    case 'finding':
      Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${entry.finding}]`, reason: entry.reason });
      return;
    case 'action':
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[Action::${entry.action}]`,
        reason: entry.reason,
      });
      return;
    case 'resource-less':
      if (onlyResourceLessActionsOnStar(policy)) {
        Validations.of(policy).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: entry.reason });
      }
      return;
  }
}

function onlyResourceLessActionsOnStar(policy: CfnPolicy): boolean {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: Statement[] };
  return (document.Statement ?? [])
    .filter((s) => s.Effect === 'Allow' && asArray(s.Resource).includes('*'))
    .every((s) => asArray(s.Action).every((action) => RESOURCE_LESS_ACTIONS.has(String(action))));
}

type Statement = { Effect?: string; Action?: unknown; Resource?: unknown };
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/**
 * CDK's site deployment helper (BucketDeployment) reads the uploaded site archive from the bootstrap assets
 * bucket and writes and prunes every object of the site bucket, with CDK's own action groups; its findings
 * are acknowledged one by one on its policy.
 */
export function acknowledgeSiteDeployment(site: Site): void {
  const deployment = site.node.tryFindChild('Deploy') as BucketDeployment | undefined;
  const role = deployment?.handlerRole;
  if (!role) return;
  const reason =
    'CDK’s site deployment: reads the site archive CDK uploaded and replaces the site bucket’s objects (BucketDeployment).';
  for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
    acknowledgeWildcardAction(role, action, reason);
  }
  acknowledgeWildcardResource(role, site.bucket.arnForObjects('*'), reason);
  register(role, { kind: 'finding', finding: `Resource::${assetBucketArn(Stack.of(site))}/*`, reason });
  acknowledgeResourceLessActions(
    role,
    'The site deployment invalidates this site’s distribution; CloudFront invalidation has no narrower resource here.',
  );
}

/** The bootstrap assets bucket's ARN as cdk-nag prints it. */
function assetBucketArn(stack: Stack): string {
  const synthesizer = stack.synthesizer;
  const qualifier =
    (synthesizer instanceof DefaultStackSynthesizer ? synthesizer.bootstrapQualifier : undefined) ??
    DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  return `arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-${account}-${region}`;
}
