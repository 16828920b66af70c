/**
 * Who sent a request, as far as the API can tell. Behind CloudFront the TCP peer API Gateway reports is a
 * CloudFront edge, so CloudFront's own `CloudFront-Viewer-Address` header (which viewers cannot set: CloudFront
 * overwrites it) names the visitor. It is believed only for a request that came through CloudFront (its
 * origin secret checked, http/origin-guard.ts): anyone else could send the header and choose the address a
 * consent record keeps. Otherwise the peer address is the visitor.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { header } from './edge';

/** Longest user agent kept: real ones are a few hundred characters; the rest would only be noise or abuse. */
const MAX_USER_AGENT_CHARS = 512;

export type RequestClient = { readonly ip: string | null; readonly userAgent: string | null };

/** `203.0.113.7:46532` or `2001:db8::1:46532`: the address is everything before the last colon. */
function viewerAddress(value: string | undefined): string | null {
  const address = value?.trim().replace(/:\d+$/, '');
  return address ? address : null;
}

export function requestClient(
  event: APIGatewayProxyEventV2,
  { viaCloudFront }: { readonly viaCloudFront: boolean },
): RequestClient {
  const peer = event.requestContext?.http?.sourceIp || null;
  const ip = viaCloudFront ? (viewerAddress(header(event, 'cloudfront-viewer-address')) ?? peer) : peer;
  const userAgent = (event.requestContext?.http?.userAgent || header(event, 'user-agent') || '').slice(
    0,
    MAX_USER_AGENT_CHARS,
  );
  return { ip, userAgent: userAgent || null };
}
