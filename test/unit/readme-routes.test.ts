/**
 * The README's route table (`## API`) against the code's own list (HTTP_ROUTES): every route the code serves
 * is in the table with its method, path and who may call it, and no row names a route that does not exist,
 * so the table written by hand cannot drift from the code again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from '../../lambdas/http/routes';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

type DocumentedRoute = { readonly route: string; readonly who: string };

/** The rows of the table under `## API`: each route its first column names (`GET /api/x`, query left off). */
function documentedRoutes(readme: string): DocumentedRoute[] {
  const section = readme.split(/^## API$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => {
    const [routes = '', who = ''] = row.split(' | ');
    return [...routes.matchAll(/`(GET|POST|PUT|DELETE) (\/[^`?\s]+)[^`]*`/g)].map((match) => ({
      route: `${match[1]} ${match[2]}`,
      who: who.trim(),
    }));
  });
}

const documented = documentedRoutes(README);
const served = HTTP_ROUTES.map((route) => `${route.method} ${route.path}`);

describe("the README's route table", () => {
  it('is found, and names routes', () => {
    expect(documented.length).toBeGreaterThan(10);
  });

  it.each(HTTP_ROUTES.map((route) => [`${route.method} ${route.path}`, route.access] as const))(
    '%s is in it, for the right callers (%s)',
    (route, access) => {
      const rows = documented.filter((row) => row.route === route);
      expect(rows, `${route} has no row in README.md's ## API table`).not.toEqual([]);
      for (const row of rows) expect(row.who.startsWith('admin') ? 'admin' : 'public').toBe(access);
    },
  );

  it('names no route the code does not serve', () => {
    expect(documented.map((row) => row.route).filter((route) => !served.includes(route))).toEqual([]);
  });
});
