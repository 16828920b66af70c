/** The site's URLs: which paths are pages, and the edge function that serves them in AWS. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pageForPath } from '#core/site/site-paths';
import { MAX_FUNCTION_BYTES, siteRouterCode } from '../../lib/constructs/site-router';

describe('the site pages', () => {
  it.each([
    ['/', 'landing'],
    ['/privacy', 'privacy'],
    ['/privacy/', 'privacy'],
    ['/terms', 'terms'],
    ['/faq', 'faq'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
  ])('%s opens the %s page', (path, page) => {
    expect(pageForPath(path)).toBe(page);
  });

  it('/m/<code> opens the page of a message link, whatever the code (its API says whether it opens anything)', () => {
    expect(pageForPath('/m/AbCdEfGhIjKlMnOpQrStUv')).toBe('message');
    expect(pageForPath('/m/not-a-code/')).toBe('message');
  });

  it.each(['/privacy-policy', '/Privacy', '/admin/users', '/index.html', '/faq.json', '/m', '/m/', '/m/a/b'])(
    '%s is not a page',
    (path) => {
      expect(pageForPath(path)).toBeNull();
    },
  );
});

type EdgeResult = {
  uri?: string;
  statusCode?: number;
  headers?: Record<string, { value: string }>;
  body?: { encoding: string; data: string };
};

/** Runs the generated CloudFront function on a viewer request for `uri`, as CloudFront would. */
function route(code: string, uri: string): EdgeResult {
  const context: { result?: EdgeResult } = {};
  runInNewContext(
    `${code}\nresult = handler({ request: { method: 'GET', uri: ${JSON.stringify(uri)}, headers: {} } });`,
    context,
  );
  return context.result!;
}

describe('the site router at the edge (CloudFront Functions)', () => {
  const indexHtml = '<!doctype html><html><script type="module" src="/assets/index-abc.js"></script></html>';
  const code = siteRouterCode(indexHtml);

  it('sends every site page to the app', () => {
    for (const uri of ['/', '/privacy', '/terms', '/faq', '/admin', '/faq/']) {
      expect(route(code, uri)).toMatchObject({ uri: '/index.html' });
    }
  });

  it('sends a message link (/m/<code>) to the app, and nothing deeper under /m/', () => {
    expect(route(code, '/m/AbCdEfGhIjKlMnOpQrStUv')).toMatchObject({ uri: '/index.html' });
    expect(route(code, '/m/')).toMatchObject({ statusCode: 404 });
    expect(route(code, '/m/a/b')).toMatchObject({ statusCode: 404 });
  });

  it('passes files through to S3 untouched', () => {
    for (const uri of ['/assets/index-abc.js', '/config.json', '/favicon.svg', '/robots.txt']) {
      expect(route(code, uri)).toMatchObject({ uri });
    }
  });

  it('answers any other path with 404 and the app, which shows "Page not found"', () => {
    const result = route(code, '/pricing');
    expect(result.statusCode).toBe(404);
    expect(result.headers?.['content-type']?.value).toMatch(/^text\/html/);
    expect(result.body).toEqual({ encoding: 'text', data: indexHtml });
  });

  it('still answers 404 with a plain page when no site was built', () => {
    const result = route(siteRouterCode(null), '/nope');
    expect(result.statusCode).toBe(404);
    expect(result.body?.data).toContain('Page not found');
  });

  it('refuses to synthesize a function over the 10 KB CloudFront limit', () => {
    expect(() => siteRouterCode(`<html>${'x'.repeat(MAX_FUNCTION_BYTES)}</html>`)).toThrow(
      /over CloudFront Functions/,
    );
  });
});
