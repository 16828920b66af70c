/**
 * The app's only runtime configuration: `/config.json`, written by the local runtime and, in AWS, by the CDK
 * deployment from the stacks' real values. Fetched once at start and checked with zod (zod/mini: the public
 * pages' first load stays small), so a wrong deployment says what is wrong instead of failing later.
 */
import {
  _default,
  boolean,
  enum as enumOf,
  int,
  minLength,
  nullable,
  number,
  object,
  optional,
  type output,
  pipe,
  positive,
  string,
  transform,
  url as urlSchema,
} from 'zod/mini';

const url = urlSchema();
const retentionDays = _default(nullable(number().check(int(), positive())), null);

const runtimeConfigSchema = object({
  region: string().check(minLength(1)),
  userPoolId: string().check(minLength(1)),
  userPoolClientId: string().check(minLength(1)),
  /** Set locally (cognito-local); absent in AWS, where Amplify derives Cognito's endpoint from the region. */
  userPoolEndpoint: optional(url),
  /** Where `/signups`, `/messages`... live: `/api` on the site's own origin, or an absolute URL. */
  apiBaseUrl: pipe(
    _default(string(), '/api'),
    transform((value: string) => (value === '' ? '/api' : value.replace(/\/+$/, ''))),
  ),
  webhookUrl: optional(url),
  /** Cognito-local has no SRP: USER_PASSWORD_AUTH there, SRP in AWS. */
  authFlow: _default(enumOf(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']), 'USER_SRP_AUTH'),
  events: optional(object({ httpEndpoint: url, realtimeEndpoint: url })),
  /** How long audio and transcripts are kept, in days; null means until deleted. Stated in the privacy policy. */
  retention: _default(object({ audioDays: retentionDays, transcriptDays: retentionDays }), {
    audioDays: null,
    transcriptDays: null,
  }),
  local: _default(boolean(), false),
});

export type RuntimeConfig = output<typeof runtimeConfigSchema>;

let loading: Promise<RuntimeConfig> | undefined;

/** `/config.json`, fetched and validated once; every caller shares the same promise. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json')
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      const parsed = runtimeConfigSchema.safeParse(await response.json());
      if (!parsed.success) {
        throw new Error(
          `/config.json is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      return parsed.data;
    })
    .catch((error: unknown) => {
      // A later call tries again (a network blip must not break the page for good).
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Tests: start again from nothing, or from a given configuration. */
export function setRuntimeConfigForTests(config: RuntimeConfig | undefined): void {
  loading = config ? Promise.resolve(config) : undefined;
}
