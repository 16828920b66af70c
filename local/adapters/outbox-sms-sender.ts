import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { type Clock, systemClock } from '../../lambdas/ports/clock';
import type { OutgoingSms, SmsSender } from '../../lambdas/ports/sms-sender';

/**
 * One line of `$DATA_DIR/outbox.jsonl`: the DESIGN.md contract (to, from, body, messageId, sentAt) plus `sid`,
 * the text's id shaped like Twilio's (SM and 32 hex digits): `npm run sms -- --delivery <sid> <status>` posts
 * its delivery status as Twilio would, and for an MMS `media`, the URLs of its files. Lines written before it
 * had `id` (outbox-<uuid>) instead.
 */
const outboxEntrySchema = z.preprocess(
  (line) => {
    const entry = line as Record<string, unknown> | null;
    return entry && entry.sid === undefined && typeof entry.id === 'string'
      ? { ...entry, sid: entry.id }
      : line;
  },
  z.object({
    sid: z.string(),
    to: z.string(),
    from: z.string().nullable(),
    body: z.string(),
    messageId: z.string().nullable(),
    sentAt: z.string(),
    /** The URLs of the files it carried (an MMS: the contact card, the event); absent for a plain SMS. */
    media: z.array(z.string()).optional(),
  }),
);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * The local stand-in for Twilio: each SMS becomes one JSON line in the outbox file. It only hands texts over:
 * nothing here reports a delivery, so a text stays `sent` until a status callback says otherwise (`npm run
 * sms -- --delivery`). Each line goes out in a single write on a file opened with O_APPEND, so concurrent
 * senders (several pipeline runs) never interleave.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly path: string,
    private readonly clock: Clock = systemClock,
  ) {}

  async send(sms: OutgoingSms): Promise<{ readonly id: string }> {
    const entry: OutboxEntry = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: sms.to,
      from: sms.from,
      body: sms.body,
      messageId: sms.messageId,
      sentAt: this.clock(),
      ...(sms.media?.length ? { media: [...sms.media] } : {}),
    };
    const line = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
    await mkdir(dirname(this.path), { recursive: true });
    const file = await open(this.path, 'a', 0o600);
    try {
      const { bytesWritten } = await file.write(line, 0, line.length);
      if (bytesWritten !== line.length) {
        throw new Error(`Wrote ${bytesWritten} of ${line.length} bytes to the outbox ${this.path}.`);
      }
    } finally {
      await file.close();
    }
    return { id: entry.sid };
  }
}

/** Every SMS in the outbox file, oldest first; an empty list when the file does not exist yet. */
export async function readOutbox(path: string): Promise<OutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => outboxEntrySchema.parse(JSON.parse(line)));
}
