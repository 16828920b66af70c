/**
 * The dashboard's test upload in two steps, so any size up to 25 MB works where a request body cannot carry
 * it (API Gateway and Lambda stop near 6 MB): `POST /api/uploads` signs a direct PUT of the file to the
 * audio bucket under the upload area, the browser sends it there, then `POST /api/messages`
 * `{uploadKey, sender}` checks the bytes and starts the pipeline. The browser imports these too.
 */
import * as z from 'zod';

/** Where browsers put files before they are checked: nothing here is a message yet. */
export const UPLOAD_PREFIX = 'uploads/';

/** How long a signed upload URL works: enough to start a 25 MB upload on a slow line. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/** How long an audio playback URL works: the player fetches it when opened. */
export const AUDIO_URL_SECONDS = 10 * 60;

/** A MIME type as a browser reports a file's (`audio/mpeg`, `audio/x-m4a`, `application/octet-stream`). */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** `POST /api/uploads` body: what the browser is about to send. */
export const uploadRequestSchema = z.strictObject({
  contentType: z
    .string({ error: 'contentType is required.' })
    .trim()
    .regex(MIME_TYPE, { error: 'contentType must be a media type such as audio/mpeg.' })
    .transform((value) => value.toLowerCase()),
  size: z
    .number({ error: 'size is required: the file size in bytes.' })
    .int({ error: 'size must be a whole number of bytes.' })
    .nonnegative({ error: 'size must be a whole number of bytes.' }),
});
export type UploadRequest = z.input<typeof uploadRequestSchema>;

/** What `POST /api/uploads` answers: PUT the file to `url` with exactly `headers`. */
export type UploadTicket = {
  readonly uploadKey: string;
  readonly url: string;
  readonly headers: Record<string, string>;
};

/** An upload key as `POST /api/uploads` makes them: the upload area and a random id, nothing else. */
export const uploadKeySchema = z
  .string({ error: 'uploadKey is required.' })
  .regex(/^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: 'uploadKey is not a key POST /api/uploads gave: upload the file again.',
  });

/** `POST /api/messages` JSON body: the uploaded file and who it is from. */
export const uploadedAudioSchema = z.strictObject({
  uploadKey: uploadKeySchema,
  sender: z
    .string({ error: 'sender must be text.' })
    .max(100, { error: 'The sender is too long (100 characters at most).' })
    .nullable()
    .optional(),
});
export type UploadedAudioInput = z.infer<typeof uploadedAudioSchema>;
