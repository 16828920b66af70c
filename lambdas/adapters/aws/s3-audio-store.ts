import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NotFoundError } from '#core/errors';
import type { AudioStore } from '../../ports/audio-store';

/** Audio in one S3 bucket. The client must come from createS3Client (checksum settings). */
export class S3AudioStore implements AudioStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(
    key: string,
    body: Buffer | Uint8Array | Readable,
    contentType: string,
    contentLength?: number,
  ): Promise<void> {
    const length = contentLength ?? (body instanceof Uint8Array ? body.byteLength : undefined);
    if (length === undefined) throw new Error('S3AudioStore.put: a stream needs its contentLength');
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: length,
      }),
    );
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string | null }> {
    try {
      const response = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await response.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: response.ContentType ?? null };
    } catch (error) {
      if (error instanceof NoSuchKey) throw new NotFoundError('The audio file for this message is missing.');
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  presignGet(key: string, expiresInSeconds: number): Promise<string> {
    // Played in a browser: no-store, so no copy of the recording stays in its cache after a DELETE (S3 would
    // answer with Last-Modified and no Cache-Control, which browsers cache by heuristics).
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseCacheControl: 'no-store' });
    return getSignedUrl(this.s3, command, { expiresIn: expiresInSeconds });
  }

  async presignPut(key: string, contentType: string, contentLength: number, expiresInSeconds: number) {
    // Content type and length are signed headers, so S3 refuses a body of any other size or type: the 25 MB
    // limit holds even though the bytes never pass through a function.
    const url = await getSignedUrl(
      this.s3,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: contentLength,
      }),
      { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    // The browser sets Content-Length itself (from the file); it must set Content-Type as signed.
    return { url, headers: { 'content-type': contentType } };
  }
}
