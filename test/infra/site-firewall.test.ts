/**
 * The site's WAF web ACL: per client address, each public route with a `perClient` limit (lambdas/http/
 * routes.ts) is held to it; Twilio's routes refuse a post without Twilio's signature header and cap one
 * address. CloudFront's web ACLs live in us-east-1: in the app stack there, in a stack of its own otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from '../../lambdas/http/routes';
import {
  TOO_MANY_FROM_CLIENT,
  TWILIO_FUNCTIONS,
  TWILIO_PER_CLIENT,
  TWILIO_SIGNATURE_REQUIRED,
} from '../../lib/constructs/site-firewall';
import { cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

let app: Synthesized;
let elsewhere: Synthesized;
beforeAll(() => {
  app = synthesize({});
  elsewhere = synthesize({ region: 'eu-west-1', nag: true, withSite: true });
});
afterAll(() => {
  cleanUp(app);
  cleanUp(elsewhere);
});

type Rule = {
  Name: string;
  Priority: number;
  Action: { Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } };
  Statement: Record<string, unknown>;
};

function webAclOf(template: Template) {
  const [acl, ...more] = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'));
  expect(more).toEqual([]);
  return acl!.Properties as { Scope: string; Rules: Rule[]; CustomResponseBodies: Record<string, unknown> };
}

const ruleNamed = (rules: Rule[], name: string) => {
  const rule = rules.find((r) => r.Name === name);
  if (!rule) throw new Error(`no rule ${name}: ${rules.map((r) => r.Name).join(', ')}`);
  return rule;
};

/** Every (method, path matcher) pair a rule's statement names: exact paths as they are, regexes as /.../. */
function routesIn(statement: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, Record<string, unknown>>;
    const and = record.AndStatement?.Statements as Record<string, Record<string, unknown>>[] | undefined;
    if (and) {
      const methodMatch = and.find(
        (s) =>
          s.ByteMatchStatement?.FieldToMatch && 'Method' in (s.ByteMatchStatement.FieldToMatch as object),
      );
      const pathMatch = and.find((s) => s !== methodMatch && (s.ByteMatchStatement || s.RegexMatchStatement));
      if (methodMatch && pathMatch) {
        const exact = pathMatch.ByteMatchStatement?.SearchString;
        found.push(
          `${methodMatch.ByteMatchStatement!.SearchString} ${exact ?? `/${pathMatch.RegexMatchStatement!.RegexString}/`}`,
        );
        return;
      }
    }
    for (const value of Object.values(record)) walk(value);
  };
  walk(statement);
  return found.sort();
}

describe('the web ACL in front of the site (app in us-east-1)', () => {
  it('is a CloudFront web ACL in the app stack, associated with the distribution', () => {
    expect(webAclOf(app.appTemplate).Scope).toBe('CLOUDFRONT');
    const [aclId] = Object.keys(resourcesOf(app.appTemplate, 'AWS::WAFv2::WebACL'));
    app.appTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] } }),
    });
    expect(app.edge).toBeUndefined();
  });

  it('holds every route that names a per-client limit to it, per address, with a 429 in JSON', () => {
    const { Rules, CustomResponseBodies } = webAclOf(app.appTemplate);
    const limited = HTTP_ROUTES.filter((r) => r.perClient);
    expect(limited.map((r) => r.fn).sort()).toEqual(
      expect.arrayContaining(['create-signup', 'message-link', 'upload-link']),
    );
    for (const route of limited) {
      const rule = ruleNamed(
        Rules,
        `${route.fn.replace(/(^|-)(\w)/g, (_, _d, c: string) => c.toUpperCase())}PerClient`,
      );
      expect(rule.Statement.RateBasedStatement).toMatchObject({
        Limit: route.perClient!.limit,
        EvaluationWindowSec: route.perClient!.windowSeconds,
        AggregateKeyType: 'IP',
      });
      expect(rule.Action.Block.CustomResponse).toEqual({
        ResponseCode: 429,
        CustomResponseBodyKey: 'tooMany',
      });
      const pattern = route.path.includes('{')
        ? `/^${route.path.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$/`
        : route.path;
      expect(routesIn(rule.Statement)).toContain(`${route.method} ${pattern}`);
    }
    expect(CustomResponseBodies.tooMany).toEqual({
      ContentType: 'APPLICATION_JSON',
      Content: JSON.stringify({ error: TOO_MANY_FROM_CLIENT }),
    });
    // A link's page, audio, cards, delete and attached files count together; routes without a per-client limit
    // are in no rule.
    expect(routesIn(ruleNamed(Rules, 'MessageLinkPerClient').Statement)).toEqual([
      'DELETE /^/api/m/[^/]+$/',
      'GET /^/api/c/[^/]+$/',
      'GET /^/api/m/[^/]+$/',
      'GET /^/api/m/[^/]+/contact\\.vcf$/',
      'GET /^/api/m/[^/]+/event\\.ics$/',
      'POST /^/api/m/[^/]+/audio$/',
    ]);
    const everyRuled = Rules.flatMap((r) => routesIn(r.Statement)).join(' ');
    expect(everyRuled).not.toContain('/api/messages');
    expect(everyRuled).not.toContain('/api/settings');
  });

  it('turns `{code}` segments into one path segment, after the path is decoded and normalized', () => {
    const rule = ruleNamed(webAclOf(app.appTemplate).Rules, 'MessageLinkPerClient');
    const regexes = JSON.stringify(rule.Statement).match(/"RegexString":"([^"]+)"/g)!;
    const page = new RegExp(JSON.parse(`{${regexes[0]}}`).RegexString);
    expect(page.test('/api/m/AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
    expect(page.test('/api/m/AbCdEfGhIjKlMnOpQrStUv/audio')).toBe(false);
    expect(page.test('/api/messages')).toBe(false);
    expect(JSON.stringify(rule.Statement)).toContain('"Type":"URL_DECODE"');
    expect(JSON.stringify(rule.Statement)).toContain('"Type":"NORMALIZE_PATH"');
  });

  it("refuses a post to Twilio's routes without X-Twilio-Signature (403 in JSON), and caps one address's posts", () => {
    const { Rules, CustomResponseBodies } = webAclOf(app.appTemplate);
    const twilioRoutes = HTTP_ROUTES.filter((r) => TWILIO_FUNCTIONS.includes(r.fn))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(twilioRoutes).toEqual([
      'POST /api/receive-message',
      'POST /api/sms-status',
      'POST /api/voice',
      'POST /api/voice/recorded',
      'POST /api/voice/recording',
      'POST /api/voice/status',
    ]);

    const unsigned = ruleNamed(Rules, 'TwilioSignatureRequired');
    expect(unsigned.Priority).toBe(0);
    expect(unsigned.Action.Block.CustomResponse).toEqual({
      ResponseCode: 403,
      CustomResponseBodyKey: 'unsigned',
    });
    expect(routesIn(unsigned.Statement)).toEqual(twilioRoutes);
    expect(unsigned.Statement).toMatchObject({
      AndStatement: {
        Statements: expect.arrayContaining([
          {
            NotStatement: {
              Statement: {
                SizeConstraintStatement: expect.objectContaining({
                  FieldToMatch: { SingleHeader: { Name: 'x-twilio-signature' } },
                  ComparisonOperator: 'GT',
                  Size: 0,
                }),
              },
            },
          },
        ]),
      },
    });
    expect(CustomResponseBodies.unsigned).toEqual({
      ContentType: 'APPLICATION_JSON',
      Content: JSON.stringify({ error: TWILIO_SIGNATURE_REQUIRED }),
    });

    const perAddress = ruleNamed(Rules, 'TwilioPerClient');
    expect(perAddress.Statement.RateBasedStatement).toMatchObject({
      Limit: TWILIO_PER_CLIENT.limit,
      EvaluationWindowSec: TWILIO_PER_CLIENT.windowSeconds,
      AggregateKeyType: 'IP',
    });
    expect(routesIn(perAddress.Statement)).toEqual(twilioRoutes);
  });
});

describe('the web ACL when the app is in another region', () => {
  it('lives in a us-east-1 stack of its own, read by the distribution through a cross-region reference', () => {
    const edge = elsewhere.edge!;
    expect(edge.region).toBe('us-east-1');
    expect(elsewhere.stateless.region).toBe('eu-west-1');
    const edgeTemplate = Template.fromJSON(elsewhere.assembly.getStackByName(edge.stackName).template);
    expect(webAclOf(edgeTemplate).Scope).toBe('CLOUDFRONT');
    expect(resourcesOf(elsewhere.appTemplate, 'AWS::WAFv2::WebACL')).toEqual({});
    elsewhere.appTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: {
          'Fn::GetAtt': [Match.stringLikeRegexp('^ExportsReader'), Match.stringLikeRegexp('WebAcl')],
        },
      }),
    });
  });

  it('passes the cdk-nag AwsSolutions checks in all three stacks', () => {
    const report = JSON.parse(
      fs.readFileSync(path.join(elsewhere.assembly.directory, 'validation-report.json'), 'utf8'),
    ) as { pluginReports: { violations: { ruleName: string }[] }[] };
    expect(report.pluginReports.flatMap((r) => r.violations.map((v) => v.ruleName))).toEqual([]);
    expect(elsewhere.assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      'VoiceSummary-test-App',
      'VoiceSummary-test-Data',
      'VoiceSummary-test-Edge',
    ]);
  });
});
