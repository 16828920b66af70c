/**
 * The site's viewer-request function (CloudFront Functions, JS runtime 2.0), generated at synth time: the
 * site's pages (lambdas/core/site/site-paths) and every one-off link's page (`/m/<code>`, `/u/<code>`) get the app's index.html, files go to S3 as they are, and any other
 * path is answered at the edge with status 404 and the app itself, which shows "Page not found". A search
 * engine or a carrier's reviewer never sees a missing page answered with 200, or S3's XML AccessDenied.
 */
import { CODE_PAGE_PREFIXES, SITE_PAGES } from '#core/site/site-paths';

/** CloudFront Functions code may be at most 10 KB. */
export const MAX_FUNCTION_BYTES = 10 * 1024;

/** Served for unknown paths when no site is built (the deployment then has no app either). */
const FALLBACK_NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>';

/** The function's source for a built site whose index.html is `indexHtml` (or none). */
export function siteRouterCode(indexHtml: string | null): string {
  const pages = Object.fromEntries(Object.values(SITE_PAGES).map((path) => [path, true]));
  const code = `var PAGES = ${JSON.stringify(pages)};
var CODE_PAGES = ${JSON.stringify(CODE_PAGE_PREFIXES)};
var NOT_FOUND = ${JSON.stringify(indexHtml ?? FALLBACK_NOT_FOUND_HTML)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  var code = '';
  for (var i = 0; i < CODE_PAGES.length; i++) {
    if (path.indexOf(CODE_PAGES[i]) === 0) code = path.slice(CODE_PAGES[i].length);
  }
  if (PAGES[path || '/'] || (code && code.indexOf('/') < 0)) {
    request.uri = '/index.html';
    return request;
  }
  if (uri.lastIndexOf('.') > uri.lastIndexOf('/')) return request;
  return {
    statusCode: 404,
    statusDescription: 'Not Found',
    headers: {
      'content-type': { value: 'text/html; charset=utf-8' },
      'cache-control': { value: 'no-cache' }
    },
    body: { encoding: 'text', data: NOT_FOUND }
  };
}`;
  const bytes = Buffer.byteLength(code);
  if (bytes > MAX_FUNCTION_BYTES) {
    throw new Error(
      `The site router function is ${bytes} bytes, over CloudFront Functions' ${MAX_FUNCTION_BYTES}: index.html has grown too large to inline.`,
    );
  }
  return code;
}
