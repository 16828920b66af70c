/**
 * Reads a multipart/form-data body (an admin's test upload) with busboy: files are kept in memory up to a
 * limit and marked when they go past it, so the caller can answer 413 without guessing. A body that is cut
 * short or never closes its last part is a 400: busboy reports it on the parser and on the open file's own
 * stream, and both are listened to (an `error` nobody listens to stops the whole process).
 */
import busboy from 'busboy';
import { ValidationError } from '#core/errors';

export type MultipartFile = {
  readonly field: string;
  readonly fileName: string | null;
  readonly mimeType: string | null;
  readonly bytes: Buffer;
  /** The file went past `maxFileBytes`; `bytes` holds only the start. */
  readonly truncated: boolean;
};

export type MultipartBody = {
  readonly files: readonly MultipartFile[];
  readonly fields: Readonly<Record<string, string>>;
};

/** What a form that is cut short, malformed or not multipart at all is told. */
export const MULTIPART_INVALID =
  'The upload is not a valid multipart form (it is cut short or malformed): send the file again as multipart/form-data.';

export function parseMultipart(
  body: Buffer,
  contentType: string,
  limits: { readonly maxFileBytes: number; readonly maxFiles?: number },
): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const invalid = () => reject(new ValidationError(MULTIPART_INVALID));
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles ?? 2, fields: 10, fieldSize: 4096 },
      });
    } catch {
      invalid();
      return;
    }
    const files: MultipartFile[] = [];
    const fields: Record<string, string> = {};
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      // "Unexpected end of form" is emitted here too when the body ends inside this file.
      stream.on('error', invalid);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        truncated = true;
      });
      stream.on('close', () => {
        files.push({
          field,
          fileName: info.filename ?? null,
          mimeType: info.mimeType ?? null,
          bytes: Buffer.concat(chunks),
          truncated,
        });
      });
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', invalid);
    parser.on('close', () => resolve({ files, fields }));
    parser.end(body);
  });
}
