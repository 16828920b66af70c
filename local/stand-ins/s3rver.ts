/**
 * S3 on this machine: s3rver in the current process, on loopback, keeping objects as files under
 * `directory`. Clients must use the S3 client factory (path-style, S3RVER keys, WHEN_REQUIRED checksums).
 */
import type { Server } from 'node:http';
import S3rver from 's3rver';
import type { StandIn } from './dynalite';
import { ownHostOnly } from './own-host-only';

/** Starts s3rver; `port` 0 (the default) picks a free port. */
export async function startS3rver(options: {
  directory: string;
  port?: number;
  /** The site's origins: the only pages whose requests (uploads by presigned URL) are let in. */
  siteOrigins?: readonly string[];
}): Promise<StandIn> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
  });
  const { port } = await server.run();
  // The browser uses presigned URLs here (the site's pages upload and play audio), but only under s3rver's
  // own address (a DNS-rebinding page names another host) and from the site's origins.
  ownHostOnly((server as unknown as { httpServer: Server }).httpServer, {
    browsers: { origins: options.siteOrigins ?? [] },
  });
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
