/**
 * The access of every function and of the state machine, written out: each line is the actions one policy
 * statement allows and the resources it allows them on. A grant that is added, widened or dropped changes a
 * line and fails here until this table is changed with it, on purpose and in review.
 */
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_STEPS } from '../../lambdas/handlers/pipeline/pipeline-steps';
import { type CfnResourceJson, cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

const XRAY = 'xray:PutTelemetryRecords xray:PutTraceSegments on *';
/** Publishing to the dashboard's live list: the messages namespace, nothing else. */
const EVENT_PUBLISH =
  'appsync:EventPublish on arn:<AWS::Partition>:appsync:us-east-1:123456789012:apis/LiveUpdatesApi.ApiId/channelNamespace/messages';
/** The live channel's key: one item of the settings table, read or made on first use, no other row. */
const LIVE_CHANNEL = 'dynamodb:GetItem dynamodb:PutItem on Settings items live-channel';
/**
 * Publishing a message change: to the channel current at that moment, after taking the keys a password reset
 * retired (issue 31), to tell their pages the channel moved.
 */
const PUBLISH = [EVENT_PUBLISH, LIVE_CHANNEL, 'dynamodb:UpdateItem on Settings items live-channel'];
/** Every admin route asks Cognito whether the caller is still an administrator (issue 8). */
const STILL_ADMIN = 'cognito-idp:AdminListGroupsForUser on UserPool';
/** ...and when the caller's sessions last ended (a password reset, issue 23): those settings items only. */
const SESSIONS_ENDED = 'dynamodb:GetItem on Settings items sessions-ended#*';
const ADMIN_CHECK = [STILL_ADMIN, SESSIONS_ENDED];
const step = PIPELINE_STEPS;
const HISTORY_QUERIES = [
  'dynamodb:Query on Messages/index/recent',
  'dynamodb:Query on Messages/index/sender',
  'dynamodb:Query on Messages/index/status',
];

/** Function -> what it may do. Resources are named by their construct (exports and hashes left out). */
const EXPECTED: Record<string, string[]> = {
  health: ['dynamodb:GetItem on Settings', 's3:ListBucket on AudioBucket', XRAY],
  'health-details': [...ADMIN_CHECK, 'dynamodb:GetItem on Settings', 's3:ListBucket on AudioBucket', XRAY],
  'public-info': ['dynamodb:GetItem on Settings', XRAY],
  // A sign-up that asks for texts keeps its JOIN code (Counters) and texts nothing (issue 31).
  'create-signup': [
    'dynamodb:GetItem dynamodb:UpdateItem on Signups',
    'dynamodb:PutItem on SignupConsents',
    'dynamodb:UpdateItem on Counters',
    XRAY,
  ],
  // The live ten and the history (issue 19): queries of the three message indexes, never a scan.
  'list-messages': [...ADMIN_CHECK, ...HISTORY_QUERIES, XRAY],
  'export-messages': [...ADMIN_CHECK, ...HISTORY_QUERIES, XRAY],
  // The wrong-transcript mark: one message read and updated, and the change published to the live list.
  'review-transcript': [
    ...PUBLISH,
    ...ADMIN_CHECK,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:UpdateItem on Usage',
    XRAY,
  ],
  // An operator's urgency correction: the same as the transcript mark.
  'review-urgency': [
    ...PUBLISH,
    ...ADMIN_CHECK,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:UpdateItem on Usage',
    XRAY,
  ],
  'get-settings': [
    ...ADMIN_CHECK,
    'dynamodb:GetItem on Settings',
    'secretsmanager:GetSecretValue on OpenAiApiKey',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  'put-settings': [
    ...ADMIN_CHECK,
    'dynamodb:GetItem dynamodb:PutItem on Settings',
    'secretsmanager:GetSecretValue secretsmanager:PutSecretValue on OpenAiApiKey',
    'secretsmanager:GetSecretValue secretsmanager:PutSecretValue on TwilioAuthToken',
    XRAY,
  ],
  // Twilio's webhook alone: no sign-in rights, no upload area; of the audio, only DELETE's erasure. FULL's
  // texts are recorded on their message (UpdateItem) and their SIDs linked to it (SentTexts). YES confirms
  // the sign-ups waiting for the phone (Signups) with a consent record each (SignupConsents, append-only).
  'receive-message': [
    ...PUBLISH,
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem on Messages',
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem on OptOuts',
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:UpdateItem on SenderPreferences',
    'dynamodb:DeleteItem dynamodb:GetItem on CardLinks',
    'dynamodb:PutItem on SentTexts',
    'dynamodb:GetItem on Settings',
    'dynamodb:PutItem on SignupConsents',
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem on UploadCodes',
    'dynamodb:Query on Messages/index/sender',
    // FORWARD finds, stores and updates the subscriber's forwarding number; STOP and DELETE mark it (issue 33).
    'dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem on ForwardingNumbers',
    'dynamodb:Query on ForwardingNumbers/index/subscriber',
    // DELETE erases the subscriber's forwarded calls: found by their index, each deleted, nothing else.
    'dynamodb:DeleteItem on Calls',
    'dynamodb:Query on Calls/index/subscriber',
    // ...and forgets the callers texted a missed call today: that one kind of counter, no limit or guard.
    'dynamodb:DeleteItem on Counters items missed-text#*',
    'dynamodb:UpdateItem on Counters',
    'dynamodb:UpdateItem on Signups',
    'dynamodb:UpdateItem on Usage',
    's3:DeleteObject on AudioBucket/audio/*',
    's3:DeleteObject on AudioBucket/uploads/*',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    'states:StartExecution on PipelineStateMachine',
    XRAY,
  ],
  // The dashboard's test upload: the upload area, the message's audio, the longest duration (Settings).
  'create-message': [
    ...PUBLISH,
    ...ADMIN_CHECK,
    'dynamodb:PutItem on Messages',
    'dynamodb:GetItem on Settings',
    'dynamodb:UpdateItem on Usage',
    's3:DeleteObject s3:PutObject on AudioBucket/audio/*',
    's3:DeleteObject s3:GetObject on AudioBucket/uploads/*',
    'states:StartExecution on PipelineStateMachine',
    XRAY,
  ],
  'process-audio': [
    ...PUBLISH,
    ...ADMIN_CHECK,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'states:StartExecution on PipelineStateMachine',
    XRAY,
  ],
  'create-upload': [...ADMIN_CHECK, 's3:PutObject on AudioBucket/uploads/*', XRAY],
  'list-signups': [...ADMIN_CHECK, 'dynamodb:Scan on Signups', XRAY],
  'export-signups': [...ADMIN_CHECK, 'dynamodb:Scan on Signups', XRAY],
  'check-settings': [
    ...ADMIN_CHECK,
    'dynamodb:GetItem on Settings',
    'dynamodb:Scan on ForwardingNumbers',
    'secretsmanager:GetSecretValue on OpenAiApiKey',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  // Whoever holds a /m/<code> link: the message by the link index, its audio (play, delete), erasing it
  // (the links of its MMS attachments with it); a /api/c/<code> file: its link, then its message.
  'message-link': [
    ...PUBLISH,
    'dynamodb:DeleteItem dynamodb:GetItem on Messages',
    'dynamodb:DeleteItem dynamodb:GetItem on CardLinks',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:GetItem on Settings',
    'dynamodb:Query on Messages/index/link',
    's3:DeleteObject s3:GetObject on AudioBucket/audio/*',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  // Whoever holds an UPLOAD link: the pending link (read, use up, give back), the link's file in the upload
  // area (signed PUT, read, removed), then a message as the dashboard's upload makes one.
  'upload-link': [
    ...PUBLISH,
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem on UploadCodes',
    'dynamodb:GetItem on Settings',
    'dynamodb:PutItem on Messages',
    'dynamodb:GetItem dynamodb:UpdateItem on Counters',
    'dynamodb:UpdateItem on Usage',
    's3:DeleteObject s3:GetObject s3:PutObject on AudioBucket/uploads/*',
    's3:DeleteObject s3:PutObject on AudioBucket/audio/*',
    'states:StartExecution on PipelineStateMachine',
    XRAY,
  ],
  'message-run': [...ADMIN_CHECK, 'dynamodb:GetItem on Messages', 'dynamodb:GetItem on Settings', XRAY],
  'get-usage': [
    ...ADMIN_CHECK,
    'dynamodb:GetItem on Counters',
    'dynamodb:GetItem on Settings',
    'dynamodb:Query on Usage',
    XRAY,
  ],
  // Issue 33, the operator's forwarding numbers: one Scan of the few numbers, each one's minutes counter.
  'list-forwarding-numbers': [
    ...ADMIN_CHECK,
    'dynamodb:GetItem on Counters',
    'dynamodb:GetItem on Settings',
    'dynamodb:Scan on ForwardingNumbers',
    XRAY,
  ],
  'message-audio': [
    ...ADMIN_CHECK,
    'dynamodb:GetItem on Messages',
    's3:GetObject on AudioBucket/audio/*',
    XRAY,
  ],
  'message-words': [...ADMIN_CHECK, 'dynamodb:GetItem on Messages', XRAY],
  'list-team': [
    'cognito-idp:AdminListGroupsForUser cognito-idp:ListUsers cognito-idp:ListUsersInGroup on UserPool',
    SESSIONS_ENDED,
    XRAY,
  ],
  'approve-team-member': [
    'cognito-idp:AdminAddUserToGroup cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser on UserPool',
    SESSIONS_ENDED,
    XRAY,
  ],
  // ...and moves the live list to a new channel (a new key, the notice on the old channel).
  'remove-team-member': [
    ...PUBLISH,
    'cognito-idp:AdminAddUserToGroup cognito-idp:AdminDeleteUser cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser cognito-idp:AdminRemoveUserFromGroup cognito-idp:AdminUserGlobalSignOut cognito-idp:ListUsersInGroup on UserPool',
    SESSIONS_ENDED,
    XRAY,
  ],
  // Twilio's delivery status callbacks: finds a text's message (the links) and moves its status forward.
  'sms-status': [
    ...PUBLISH,
    'dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem on SentTexts',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  // A forwarded call's voice webhook (issue 33): the number called, the call, today's counts and the one
  // "forwarding works" text; no messages, audio or pipeline.
  'voice-call': [
    'dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem on Calls',
    'dynamodb:GetItem dynamodb:PutItem on OptOuts',
    'dynamodb:GetItem on Counters',
    'dynamodb:GetItem dynamodb:UpdateItem on ForwardingNumbers',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:GetItem on Settings',
    'dynamodb:UpdateItem on Counters',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  // Its recording and status callbacks: the call's message (and the pipeline), missed-call texts, minutes.
  'call-events': [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:PutItem on Messages',
    'dynamodb:GetItem dynamodb:PutItem on OptOuts',
    'dynamodb:GetItem dynamodb:UpdateItem on Calls',
    'dynamodb:GetItem on ForwardingNumbers',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:GetItem on Settings',
    'dynamodb:UpdateItem on Counters',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    'states:StartExecution on PipelineStateMachine',
    XRAY,
  ],
  // The live list's onSubscribe check: one question about one account, on the pool.
  'authorize-live-subscription': [STILL_ADMIN, LIVE_CHANNEL, XRAY],
  'live-channel': [...ADMIN_CHECK, LIVE_CHANNEL, XRAY],
  'watch-stuck-messages': ['dynamodb:Query on Messages/index/recent', XRAY],
  // Daily (issue 33): releases forwarding numbers past their grace, counts those held, texts idle subscribers.
  'forwarding-numbers': [
    'dynamodb:DeleteItem dynamodb:Scan dynamodb:UpdateItem on ForwardingNumbers',
    'dynamodb:GetItem dynamodb:PutItem on OptOuts',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:GetItem on Settings',
    'dynamodb:UpdateItem on Counters',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  'expire-provider-media': [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem on Settings',
    'dynamodb:Query on Messages/index/recent',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  'pipeline-run-ended': [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:UpdateItem on Usage',
    XRAY,
  ],
  [step.markProcessing.fn]: [...PUBLISH, 'dynamodb:GetItem dynamodb:UpdateItem on Messages', XRAY],
  [step.prepareAudio.fn]: [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem on Settings',
    's3:GetObject s3:PutObject on AudioBucket/audio/*',
    's3:ListBucket on AudioBucket',
    'secretsmanager:GetSecretValue on OpenAiApiKey',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  [step.transcribe.fn]: [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:UpdateItem on Usage',
    's3:GetObject on AudioBucket/audio/*',
    's3:ListBucket on AudioBucket',
    'secretsmanager:GetSecretValue on OpenAiApiKey',
    XRAY,
  ],
  [step.summarize.fn]: [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on OpenAiApiKey',
    XRAY,
  ],
  [step.decideReply.fn]: [
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem on OptOuts',
    'dynamodb:GetItem on Settings',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  // CARDS ON: the sender's choice, and a link per attached file (kept, and forgotten when not sent).
  [step.sendReply.fn]: [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem dynamodb:PutItem on OptOuts',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem on CardLinks',
    'dynamodb:UpdateItem on Counters',
    'dynamodb:PutItem on SentTexts',
    'dynamodb:GetItem on Settings',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
  [step.markCompleted.fn]: [
    ...PUBLISH,
    'dynamodb:UpdateItem on Messages',
    'dynamodb:UpdateItem on Usage',
    XRAY,
  ],
  [step.markFailed.fn]: [
    ...PUBLISH,
    'dynamodb:GetItem dynamodb:UpdateItem on Messages',
    'dynamodb:GetItem dynamodb:PutItem on OptOuts',
    'dynamodb:UpdateItem on Counters',
    'dynamodb:PutItem on SentTexts',
    'dynamodb:GetItem on SenderPreferences',
    'dynamodb:GetItem on Settings',
    'dynamodb:UpdateItem on Usage',
    'secretsmanager:GetSecretValue on TwilioAuthToken',
    XRAY,
  ],
};

/** The user pool's triggers (in the data stack): only the Cognito actions each needs, on that pool. */
const TRIGGERS: Record<string, string[]> = {
  // A confirmed password reset also records when the sessions ended (PutItem) and signs out everywhere.
  'post-confirmation': [
    'cognito-idp:AdminAddUserToGroup cognito-idp:AdminUserGlobalSignOut cognito-idp:ListUsersInGroup on UserPool',
    'dynamodb:DeleteItem dynamodb:PutItem on Settings',
    // ...and moves the live list off the channel a page open from before watches (issue 31).
    'dynamodb:GetItem dynamodb:UpdateItem on Settings items live-channel',
    XRAY,
  ],
  'custom-message': [
    'ssm:GetParameter on arn:<AWS::Partition>:ssm:us-east-1:123456789012:parameter/VoiceSummary-test-Data/site-url',
    XRAY,
  ],
};

const STATE_MACHINE = [
  ...Object.values(PIPELINE_STEPS).map(
    (s) => `lambda:InvokeFunction on ${s.state}Function ${s.state}Function:*`,
  ),
  'logs:CreateLogDelivery logs:DeleteLogDelivery logs:DescribeLogGroups logs:DescribeResourcePolicies logs:GetLogDelivery logs:ListLogDeliveries logs:PutResourcePolicy logs:UpdateLogDelivery on *',
  'xray:GetSamplingRules xray:GetSamplingTargets xray:PutTelemetryRecords xray:PutTraceSegments on *',
].sort();

let app: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true });
});
afterAll(() => cleanUp(app));

type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string | string[]>>;
};

/** A resource as a person reads it: the construct's name, without stack exports and hashes. */
function readable(resource: unknown): string {
  return flattenCfnReference(resource)
    .replace(/^[\w-]+:ExportsOutput(?:FnGetAtt|Ref)/, '')
    .replace(/<([A-Za-z]+?)[0-9A-F]{8}(?:\.Arn)?>/g, '$1')
    .replace(/<([A-Za-z]+?)[0-9A-F]{8}\.(\w+)>/g, '$1.$2')
    .replace(/^([A-Za-z]+?)[0-9A-F]{8}(?:Arn)?[0-9A-F]{8}/, '$1');
}

/** The statements of the policy attached to a role, one sorted line each. */
function permissionsOfRole(roleLogicalId: string, template = app.appTemplate): string[] {
  const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((p: CfnResourceJson) =>
    p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleLogicalId),
  );
  return policies
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
    .map((s) => {
      expect(s.Effect).toBe('Allow');
      const actions = [s.Action].flat().sort().join(' ');
      // Only the items whose key is listed (`on Settings items live-channel`) or matches (`sessions-ended#*`).
      const keys = (s.Condition?.['ForAllValues:StringEquals'] ?? s.Condition?.['ForAllValues:StringLike'])?.[
        'dynamodb:LeadingKeys'
      ];
      const items = keys ? ` items ${[keys].flat().join(' ')}` : '';
      return `${actions} on ${[s.Resource].flat().map(readable).join(' ')}${items}`;
    })
    .sort();
}

function roleOf(
  construct: { role?: { node: { defaultChild?: unknown } } },
  stack: { getLogicalId(element: never): string } = app.stateless,
): string {
  return stack.getLogicalId(construct.role!.node.defaultChild as never);
}

describe('what each function may do', () => {
  it('is exactly the reviewed table, function by function', () => {
    const actual = Object.fromEntries(
      [...app.stateless.functions].map(([fn, construct]) => [fn, permissionsOfRole(roleOf(construct))]),
    );
    expect(actual).toEqual(
      Object.fromEntries(Object.entries(EXPECTED).map(([fn, lines]) => [fn, [...lines].sort()])),
    );
  });

  it('gives the public webhook no sign-in rights, and in the upload area only removing a revoked link’s file', () => {
    const construct = app.stateless.functions.get('receive-message')!;
    const webhook = permissionsOfRole(roleOf(construct));
    expect(webhook.length).toBeGreaterThan(0);
    expect(webhook.filter((line) => /cognito-idp:/.test(line))).toEqual([]);
    // DELETE and STOP revoke the number's UPLOAD links: it may remove their files, never read or write one.
    expect(webhook.filter((line) => /\/uploads\//.test(line))).toEqual([
      's3:DeleteObject on AudioBucket/uploads/*',
    ]);
    // The upload area is the admin upload route's, behind the admin check.
    const upload = permissionsOfRole(roleOf(app.stateless.functions.get('create-message')!));
    expect(upload).toContain('s3:DeleteObject s3:GetObject on AudioBucket/uploads/*');
    expect(upload).toContain(STILL_ADMIN);
  });

  it('gives the user pool’s triggers only the Cognito actions they need, on that pool', () => {
    const actual = Object.fromEntries(
      [...app.stateful.triggers.functions].map(([fn, construct]) => [
        fn,
        permissionsOfRole(roleOf(construct, app.stateful), app.data),
      ]),
    );
    expect(actual).toEqual(
      Object.fromEntries(Object.entries(TRIGGERS).map(([fn, lines]) => [fn, [...lines].sort()])),
    );
  });

  it('lets the state machine invoke its own steps, log and trace, and nothing else', () => {
    expect(permissionsOfRole(roleOf(app.stateless.pipeline.stateMachine))).toEqual(STATE_MACHINE);
  });

  it('lets exactly the functions that change messages (and the removal that moves the channel) publish, to the messages namespace only', () => {
    const publishers = Object.entries(EXPECTED)
      .filter(([, lines]) => lines.some((l) => l.startsWith('appsync:')))
      .map(([fn]) => fn)
      .sort();
    expect(publishers).toEqual(
      [
        'receive-message',
        'create-message',
        'process-audio',
        step.markProcessing.fn,
        step.prepareAudio.fn,
        step.transcribe.fn,
        step.summarize.fn,
        step.sendReply.fn,
        step.markCompleted.fn,
        step.markFailed.fn,
        'pipeline-run-ended',
        // Records on the message that its media at Twilio has expired.
        'expire-provider-media',
        // "Delete this message" on a link's page removes it from the live list.
        'message-link',
        // Records a text's delivery status on its message.
        'sms-status',
        // A recording handed in on an UPLOAD link's page becomes a message.
        'upload-link',
        // An operator's wrong-transcript mark shows on every open dashboard.
        'review-transcript',
        // An operator's urgency correction shows on every open dashboard too.
        'review-urgency',
        // A removal tells the live list's old channel that it moved (no message change).
        'remove-team-member',
        // A forwarded call's recording becomes a message (issue 33).
        'call-events',
      ].sort(),
    );
    // DecideReply reads the message and changes nothing, so it may not publish.
    expect(EXPECTED[step.decideReply.fn]!.some((l) => l.startsWith('appsync:'))).toBe(false);
  });

  it("lets only the texts' senders link a SID to its message, and only the status callbacks read the links", () => {
    const on = (table: string) =>
      Object.entries(EXPECTED)
        .flatMap(([fn, lines]) => lines.filter((l) => l.endsWith(` on ${table}`)).map((l) => `${fn}: ${l}`))
        .sort();
    expect(on('SentTexts')).toEqual(
      [
        `${step.sendReply.fn}: dynamodb:PutItem on SentTexts`,
        `${step.markFailed.fn}: dynamodb:PutItem on SentTexts`,
        // FULL's texts, sent from the webhook.
        'receive-message: dynamodb:PutItem on SentTexts',
        'sms-status: dynamodb:GetItem on SentTexts',
      ].sort(),
    );
  });

  it('keeps every secret readable only by the functions that use it', () => {
    const readers = (secret: string) =>
      Object.entries(EXPECTED)
        .filter(([, lines]) => lines.some((l) => l.startsWith('secretsmanager:') && l.endsWith(secret)))
        .map(([fn]) => fn)
        .sort();
    expect(readers('OpenAiApiKey')).toEqual(
      [
        'get-settings',
        'put-settings',
        'check-settings',
        step.prepareAudio.fn,
        step.summarize.fn,
        step.transcribe.fn,
      ].sort(),
    );
    expect(readers('TwilioAuthToken')).toEqual(
      [
        'get-settings',
        'put-settings',
        'check-settings',
        'receive-message',
        step.prepareAudio.fn,
        step.decideReply.fn,
        step.sendReply.fn,
        step.markFailed.fn,
        // Deletes at Twilio the media it still holds past the audio retention period.
        'expire-provider-media',
        // "Delete this message" deletes at Twilio media never fetched, as DELETE does.
        'message-link',
        // Checks the signature of Twilio's delivery status callbacks.
        'sms-status',
        // Releases forwarding numbers at Twilio and texts idle subscribers (issue 33).
        'forwarding-numbers',
        // Forwarded calls (issue 33): the signatures, the texts, and deleting a recording too short to keep.
        'voice-call',
        'call-events',
      ].sort(),
    );
  });
});
