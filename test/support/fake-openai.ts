/**
 * A local fake of the OpenAI endpoints the service uses, for running the real openai SDK in tests:
 * POST /v1/audio/transcriptions (multipart upload), POST /v1/responses (structured output) and GET /v1/models
 * (the Settings check). It checks the
 * Bearer key like OpenAI does (401 with OpenAI's error body, which quotes the key), records what arrived,
 * and can be scripted to fail or to be slow. It never prints anything, so keys never reach a log.
 */
import type { ServerResponse } from 'node:http';
import {
  close,
  FaultScript,
  faultControls,
  listen,
  type RecordedRequest,
  sendJson,
  sleep,
} from './fake-http';

export type RecordedUpload = {
  readonly model: string;
  readonly fileName: string;
  readonly bytesLength: number;
  readonly contentType: string;
  readonly responseFormat: string | null;
  /** The `language` the request named (the sender's LANG), or null when the model was left to detect it. */
  readonly language: string | null;
  /** The `prompt` field (the words to spell right), null when none was sent. */
  readonly prompt: string | null;
  /** The `include[]` fields (`logprobs` asks for each token's log-probability). */
  readonly include: readonly string[];
};

export type RecordedSummaryRequest = {
  readonly model: string;
  readonly instructions: string;
  /** The user message text: the transcript between its delimiters. */
  readonly input: string;
  /** The whole JSON body (text.format holds the schema). */
  readonly body: Record<string, unknown>;
};

/** What the fake's /v1/responses answers: a summary object, a refusal, or raw output text. */
export type SummaryReply =
  | { readonly output: unknown }
  | { readonly refusal: string }
  | { readonly raw: string };

/** A token's log-probability, as the transcription models return them when asked (`include: ['logprobs']`). */
export type FakeLogprob = { token: string; logprob: number; bytes: number[] };

export type FakeTranscription = {
  text: string;
  language: string;
  duration: number;
  /** Returned (gpt-4o-*-transcribe, json) only when the request asks for `include[]=logprobs`. */
  logprobs?: FakeLogprob[];
  /**
   * When `logprobs` is not given: tokens (as the text writes them, without the space before) the model was unsure of: asked for
   * log-probabilities, it gives them probability 0.25, every other token 0.97 to 0.999.
   */
  doubtful?: readonly string[];
};

export type FakeOpenAi = {
  readonly url: string;
  /** The base URL to give the SDK (`…/v1`). */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  readonly uploads: RecordedUpload[];
  readonly summaryRequests: RecordedSummaryRequest[];
  readonly faults: FaultScript;
  /** What the transcription endpoint answers. */
  transcription: FakeTranscription;
  /** How the summary endpoint answers a transcript; by default it echoes the transcript into the summary. */
  summaryReply: (transcript: string) => SummaryReply;
  failNext(count: number, status: number, body?: unknown, method?: string): void;
  failAlways(status: number | null, body?: unknown): void;
  setLatency(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

const DEFAULT_TRANSCRIPTION: FakeTranscription = {
  text: 'Hi, this is Dana from the clinic. Please call me back at 555-0142 before Friday.',
  language: 'english',
  duration: 6.4,
};

/**
 * The default summary: echoes the transcript so tests see it got through, and any phone number in it; the
 * caller's language is English (as the default transcription is).
 */
export function echoSummary(transcript: string): SummaryReply {
  const phone = /\+?\d[\d\s().-]{5,}\d/.exec(transcript)?.[0] ?? null;
  return {
    output: {
      language: 'en',
      summary: `Caller said: ${transcript}`,
      key_points: [transcript.slice(0, 60)],
      callback_number: phone,
      callback_time: null,
      requested_action: phone ? 'Call back' : null,
      caller_name: null,
      organization: null,
    },
  };
}

/** Starts the fake on 127.0.0.1 with a free port; requests must carry `Bearer <apiKey>`. */
export async function startFakeOpenAi(options: { apiKey: string }): Promise<FakeOpenAi> {
  const faults = new FaultScript();
  const requests: RecordedRequest[] = [];
  const uploads: RecordedUpload[] = [];
  const summaryRequests: RecordedSummaryRequest[] = [];

  const { server, url } = await listen(async (request, response) => {
    requests.push(request);
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      const sent = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      // Like OpenAI, the message quotes the key it got: adapters must never pass this text on.
      return openAiError(response, 401, `Incorrect API key provided: ${sent}.`, 'invalid_api_key');
    }
    const fault = faults.take(request.method);
    if (fault) {
      if (fault.body !== undefined) return sendJson(response, fault.status, fault.body);
      return openAiError(response, fault.status, `Scripted failure ${fault.status}.`, null);
    }
    if (request.method === 'POST' && request.path === '/v1/audio/transcriptions') {
      return transcribe(request, response);
    }
    if (request.method === 'POST' && request.path === '/v1/responses') return respond(request, response);
    if (request.method === 'GET' && request.path === '/v1/models') {
      return sendJson(response, 200, {
        object: 'list',
        data: ['gpt-4o-mini', 'gpt-4o-mini-transcribe', 'whisper-1'].map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'openai',
        })),
      });
    }
    return openAiError(response, 404, `Unknown path ${request.path}`, null);
  });

  const fake: FakeOpenAi = {
    url,
    baseURL: `${url}/v1`,
    requests,
    uploads,
    summaryRequests,
    faults,
    transcription: { ...DEFAULT_TRANSCRIPTION },
    summaryReply: echoSummary,
    ...faultControls(faults),
    reset: () => {
      faults.reset();
      requests.length = 0;
      uploads.length = 0;
      summaryRequests.length = 0;
      fake.transcription = { ...DEFAULT_TRANSCRIPTION };
      fake.summaryReply = echoSummary;
    },
    close: () => close(server),
  };

  async function transcribe(request: RecordedRequest, response: ServerResponse): Promise<void> {
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof File) || typeof model !== 'string') {
      return openAiError(response, 400, "Missing required parameter: 'file' or 'model'.", null);
    }
    const responseFormat =
      typeof form.get('response_format') === 'string' ? String(form.get('response_format')) : null;
    uploads.push({
      model,
      fileName: file.name,
      bytesLength: file.size,
      contentType: file.type,
      responseFormat,
      language: typeof form.get('language') === 'string' ? String(form.get('language')) : null,
      prompt: typeof form.get('prompt') === 'string' ? String(form.get('prompt')) : null,
      include: form.getAll('include[]').map(String),
    });
    const { text, language, duration } = fake.transcription;
    const logprobs = form.getAll('include[]').includes('logprobs');
    if (logprobs && (model.startsWith('whisper') || responseFormat !== 'json')) {
      return openAiError(
        response,
        400,
        'logprobs are only supported with response_format json and the gpt-4o transcribe models.',
        null,
      );
    }
    if (responseFormat === 'verbose_json') {
      if (!model.startsWith('whisper')) {
        return openAiError(
          response,
          400,
          `response_format 'verbose_json' is not compatible with model '${model}'.`,
          null,
        );
      }
      return sendJson(response, 200, { task: 'transcribe', language, duration, text, segments: [] });
    }
    return sendJson(response, 200, {
      text,
      ...(logprobs
        ? { logprobs: fake.transcription.logprobs ?? tokenLogprobs(text, fake.transcription.doubtful ?? []) }
        : {}),
      usage: { type: 'tokens', input_tokens: 50, output_tokens: 20, total_tokens: 70 },
    });
  }

  function respond(request: RecordedRequest, response: ServerResponse): void {
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    const format = (body.text as { format?: { type?: string; strict?: boolean } } | undefined)?.format;
    if (format?.type !== 'json_schema' || format.strict !== true) {
      openAiError(response, 400, 'This fake only answers strict json_schema requests.', null);
      return;
    }
    const input = Array.isArray(body.input)
      ? body.input.map((item: { content?: unknown }) => String(item.content ?? '')).join('\n')
      : String(body.input ?? '');
    summaryRequests.push({
      model: String(body.model),
      instructions: String(body.instructions ?? ''),
      input,
      body,
    });
    const transcript = /<transcript>\n?([\s\S]*?)\n?<\/transcript>/.exec(input)?.[1] ?? input;
    const reply = fake.summaryReply(transcript);
    const content =
      'refusal' in reply
        ? { type: 'refusal', refusal: reply.refusal }
        : {
            type: 'output_text',
            text: 'raw' in reply ? reply.raw : JSON.stringify(withUrgency(reply.output)),
            annotations: [],
            logprobs: [],
          };
    const now = Math.floor(Date.now() / 1000);
    sendJson(response, 200, {
      id: `resp_${now.toString(16)}${summaryRequests.length}`,
      object: 'response',
      created_at: now,
      status: 'completed',
      model: body.model,
      output: [
        {
          id: `msg_${summaryRequests.length}`,
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [content],
        },
      ],
      usage: { input_tokens: 120, output_tokens: 60, total_tokens: 180 },
      error: null,
      incomplete_details: null,
    });
  }

  return fake;
}

/**
 * A scripted answer with the urgency fields the schema requires (issue 25) when it gives none: `normal`, as a
 * model answers a routine message. A test about urgency scripts them.
 */
function withUrgency(output: unknown): unknown {
  if (typeof output !== 'object' || output === null || Array.isArray(output) || 'urgency' in output) {
    return output;
  }
  return { ...output, urgency: 'normal', urgency_reason: '' };
}

/**
 * The text as OpenAI's tokenizer roughly cuts it (a word with the space before it, up to three digits, one
 * punctuation mark), each token with its bytes and log-probability, as `include: ['logprobs']` answers.
 */
function tokenLogprobs(text: string, doubtful: readonly string[]) {
  return [...text.matchAll(/\s*(?:[\p{L}'’]+|\d{1,3}|[^\s\p{L}\d])/gu)].map(([token], index) => ({
    token,
    logprob: doubtful.includes(token.trim()) ? Math.log(0.25) : Math.log(0.999 - (index % 8) * 0.004),
    bytes: [...Buffer.from(token, 'utf8')],
  }));
}

function openAiError(response: ServerResponse, status: number, message: string, code: string | null): void {
  const type =
    status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(response, status, { error: { message, type, param: null, code } });
}
