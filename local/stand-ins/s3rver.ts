/**
 * S3 on this machine: s3rver in the current process, on loopback, keeping objects as files under
 * `directory`. Clients must use the S3 client factory (path-style, S3RVER keys, WHEN_REQUIRED checksums).
 */
import S3rver from 's3rver';
import type { StandIn } from './dynalite';

/** Starts s3rver; `port` 0 (the default) picks a free port. */
export async function startS3rver(options: { directory: string; port?: number }): Promise<StandIn> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
