/**
 * Only CloudFront reaches the API. An HTTP API's own `execute-api` address cannot be switched off while
 * CloudFront uses it as its origin (docs/decisions/security.md, issue 15), so CloudFront adds a header with a
 * secret to every request it forwards, and every function behind the API refuses a request without it. Only
 * then can CloudFront's own headers (`CloudFront-Viewer-Address`, the consent record's address) be believed.
 */
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The header CloudFront sets on requests to the API (it replaces one a viewer sends with the same name). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Whether the request carries the secret CloudFront adds (compared in constant time). */
export function cameThroughCloudFront(event: APIGatewayProxyEventV2, secret: string): boolean {
  const headers = event.headers ?? {};
  const sent = headers[ORIGIN_VERIFY_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(secret, 'utf8');
  const given = Buffer.from(sent, 'utf8');
  return given.byteLength === expected.byteLength && timingSafeEqual(given, expected);
}
