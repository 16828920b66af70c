/** Asks OpenAI whether an API key is valid by listing models (free, and allowed to every key). */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { OpenAiKeyCheck, ProviderAnswer } from '../../ports/credential-checks';

export class OpenAiApiKeyCheck implements OpenAiKeyCheck {
  constructor(private readonly options: { readonly baseURL?: string; readonly timeoutMs?: number } = {}) {}

  async check(apiKey: string): Promise<ProviderAnswer> {
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    const client = new OpenAI({ apiKey, baseURL: this.options.baseURL, maxRetries: 0, timeout: timeoutMs });
    try {
      await client.models.list();
      return { outcome: 'accepted' };
    } catch (error) {
      // Only the kind of failure is kept: OpenAI's own 401 text quotes the key.
      if (error instanceof APIConnectionTimeoutError) {
        return { outcome: 'unreachable', reason: `no answer within ${Math.round(timeoutMs / 1000)} s` };
      }
      if (error instanceof APIConnectionError) return { outcome: 'unreachable', reason: 'connection failed' };
      if (error instanceof APIError && (error.status === 401 || error.status === 403)) {
        return { outcome: 'refused' };
      }
      if (error instanceof APIError && error.status === 429) return { outcome: 'rate-limited' };
      if (error instanceof APIError)
        return { outcome: 'unreachable', reason: `OpenAI answered ${error.status}` };
      throw error;
    }
  }
}
