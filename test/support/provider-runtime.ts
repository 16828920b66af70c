/**
 * The local runtime with both providers faked: the fake OpenAI and the fake Twilio started, the runtime
 * pointed at them (and retrying a failed step at once), and their keys, account and number saved in
 * Settings, as an operator would. Each test file passes its own key and account and gets its own runtime and
 * data directory.
 */
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai';
import { type FakeTwilio, startFakeTwilio } from './fake-twilio';
import { type RunningRuntime, startLocalRuntime } from './local-runtime';
import { saveSettings } from './pipeline';

export type FakeTwilioAccount = {
  readonly accountSid: string;
  readonly authToken: string;
  /** The service's own number, saved in Settings. */
  readonly number: string;
};

export type ProviderRuntime = {
  readonly openai: FakeOpenAi;
  readonly twilio: FakeTwilio;
  readonly runtime: RunningRuntime;
  /** Stops the runtime (its data removed) and both fakes. */
  close(): Promise<void>;
};

export async function startWithFakeProviders(options: {
  readonly openaiKey: string;
  readonly twilio: FakeTwilioAccount;
  /** Settings saved with the providers' (reply mode, limits, prices...). */
  readonly settings?: Record<string, unknown>;
  /** More local variables for the runtime. */
  readonly env?: Record<string, string>;
  /** Runs once the runtime answers, before the settings are saved (an admin signing in first). */
  readonly beforeSettings?: (runtime: RunningRuntime) => Promise<unknown>;
}): Promise<ProviderRuntime> {
  const [openai, twilio] = await Promise.all([
    startFakeOpenAi({ apiKey: options.openaiKey }),
    startFakeTwilio({ accountSid: options.twilio.accountSid, authToken: options.twilio.authToken }),
  ]);
  const close = async (runtime?: RunningRuntime) => {
    await runtime?.dispose();
    await Promise.all([openai.close(), twilio.close()]);
  };
  let runtime: RunningRuntime | undefined;
  try {
    runtime = await startLocalRuntime({
      env: {
        PIPELINE_RETRY_INTERVAL_MS: '50',
        OPENAI_BASE_URL: openai.baseURL,
        TWILIO_API_BASE_URL: twilio.url,
        ...options.env,
      },
    });
    await options.beforeSettings?.(runtime);
    await saveSettings(runtime, {
      openai_api_key: options.openaiKey,
      twilio_account_sid: options.twilio.accountSid,
      twilio_auth_token: options.twilio.authToken,
      twilio_phone_number: options.twilio.number,
      ...options.settings,
    });
  } catch (error) {
    await close(runtime);
    throw error;
  }
  const started = runtime;
  return { openai, twilio, runtime: started, close: () => close(started) };
}
