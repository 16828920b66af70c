import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { ClientLimit, HttpRoute } from '../../lambdas/http/routes';
import {
  TOO_MANY_FROM_CLIENT,
  TWILIO_PER_CLIENT,
  TWILIO_SIGNATURE_REQUIRED,
} from '../../lambdas/http/twilio-firewall';

/**
 * The functions Twilio posts to, signed (the webhook and the delivery status callbacks; a forwarded call's
 * voice webhook and its callbacks, issue 33).
 */
export const TWILIO_FUNCTIONS: readonly string[] = [
  'receive-message',
  'sms-status',
  'voice-call',
  'call-events',
];

// The numbers and words the local gateway shares (local/api-door.ts mirrors this firewall).
export {
  TOO_MANY_FROM_CLIENT,
  TWILIO_PER_CLIENT,
  TWILIO_SIGNATURE_REQUIRED,
} from '../../lambdas/http/twilio-firewall';

/** Props of {@link SiteFirewall}. */
export interface SiteFirewallProps {
  /** The API's routes: those with `perClient` get a rate rule per client address, Twilio's the two rules below. */
  readonly routes: readonly HttpRoute[];
}

type Statement = CfnWebACL.StatementProperty;

/** The path as WAF compares it: percent-decoded and normalized, as API Gateway routes it. */
const URI_PATH = {
  fieldToMatch: { uriPath: {} },
  textTransformations: [
    { priority: 0, type: 'URL_DECODE' },
    { priority: 1, type: 'NORMALIZE_PATH' },
  ],
};

/** A route's path: exactly, or with each `{param}` one path segment (a regex). */
function pathIs(path: string): Statement {
  if (!path.includes('{')) {
    return { byteMatchStatement: { searchString: path, positionalConstraint: 'EXACTLY', ...URI_PATH } };
  }
  const pattern = path
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return { regexMatchStatement: { regexString: `^${pattern}$`, ...URI_PATH } };
}

function methodIs(method: string): Statement {
  return {
    byteMatchStatement: {
      searchString: method,
      positionalConstraint: 'EXACTLY',
      fieldToMatch: { method: {} },
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

const all = (statements: Statement[]): Statement =>
  statements.length === 1 ? statements[0]! : { andStatement: { statements } };
const any = (statements: Statement[]): Statement =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

/** Requests to these routes (method and path). */
const toRoutes = (routes: readonly HttpRoute[]): Statement =>
  any(routes.map((r) => all([methodIs(r.method), pathIs(r.path)])));

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  // AWS keeps a sample of matched requests (URI, headers, address) for 3 hours: what an operator looks at
  // to see who was blocked. No WAF logs (docs/operations.md, where a message's parts are kept).
  sampledRequestsEnabled: true,
});

/** "message-link" -> "MessageLink". */
const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * The web ACL in front of the site (CloudFront, so it is created in us-east-1): per client address, the
 * public routes a stranger can flood get the limit `perClient` names (lambdas/http/routes.ts), so one
 * client's flood cannot use up a route everyone shares; Twilio's routes refuse a post without Twilio's
 * signature header and cap one address's posts, so forged posts mostly never reach the gateway's throttle.
 * Everything else is allowed: sign-in, tokens and the handlers' own checks do the rest.
 */
export class SiteFirewall extends Construct {
  public readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SiteFirewallProps) {
    super(scope, id);
    const twilio = props.routes.filter((r) => TWILIO_FUNCTIONS.includes(r.fn));
    if (twilio.length === 0) throw new Error('The routes have no Twilio route to guard.');

    // Routes sharing a limit share a rule (a link's page, audio and delete count together per address).
    const groups = new Map<string, { limit: ClientLimit; routes: HttpRoute[] }>();
    for (const route of props.routes) {
      if (!route.perClient) continue;
      const key = `${route.fn} ${route.perClient.limit}/${route.perClient.windowSeconds}`;
      const group = groups.get(key) ?? { limit: route.perClient, routes: [] };
      group.routes.push(route);
      groups.set(key, group);
    }

    const rules: CfnWebACL.RuleProperty[] = [
      {
        name: 'TwilioSignatureRequired',
        priority: 0,
        action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'unsigned' } } },
        statement: all([
          toRoutes(twilio),
          {
            notStatement: {
              statement: {
                sizeConstraintStatement: {
                  // Typed loosely by CDK, so written as CloudFormation spells it.
                  fieldToMatch: { singleHeader: { Name: 'x-twilio-signature' } },
                  comparisonOperator: 'GT',
                  size: 0,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        ]),
        visibilityConfig: visibility('TwilioSignatureRequired'),
      },
      rateRule('TwilioPerClient', 1, TWILIO_PER_CLIENT, twilio),
      ...[...groups.values()].map(({ limit, routes }, index) =>
        rateRule(`${pascal(routes[0]!.fn)}PerClient`, index + 2, limit, routes),
      ),
    ];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Voice summary site: per-client limits on public routes, Twilio-signed posts only',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: {
        tooMany: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: TOO_MANY_FROM_CLIENT }),
        },
        unsigned: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: TWILIO_SIGNATURE_REQUIRED }),
        },
      },
      visibilityConfig: visibility('SiteFirewall'),
    });
  }
}

/** At most `limit.limit` requests to `routes` from one address in any `limit.windowSeconds`; then 429. */
function rateRule(
  name: string,
  priority: number,
  limit: ClientLimit,
  routes: readonly HttpRoute[],
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooMany' } } },
    statement: {
      rateBasedStatement: {
        limit: limit.limit,
        evaluationWindowSec: limit.windowSeconds,
        aggregateKeyType: 'IP',
        scopeDownStatement: toRoutes(routes),
      },
    },
    visibilityConfig: visibility(name),
  };
}
