import type { Readable } from 'node:stream';

/** Where received audio is kept. Keys are opaque; the message record stores the key as audio_url. */
export interface AudioStore {
  put(
    key: string,
    body: Buffer | Uint8Array | Readable,
    contentType: string,
    contentLength?: number,
  ): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string | null }>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A URL anyone holding it can GET for `expiresInSeconds` (for playback on the dashboard). */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * A URL that accepts one PUT of exactly `contentLength` bytes of `contentType` at `key` for
   * `expiresInSeconds`, and the headers that PUT must carry (a browser's direct upload).
   */
  presignPut(
    key: string,
    contentType: string,
    contentLength: number,
    expiresInSeconds: number,
  ): Promise<{ url: string; headers: Record<string, string> }>;
}
