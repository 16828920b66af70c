/**
 * Which HTTP_ROUTES row a request is for, as API Gateway decides it: literal segments match exactly, a
 * `{name}` segment matches any one segment and becomes a path parameter.
 */
import type { HttpRoute } from '../lambdas/http/routes';

export type RouteMatch =
  | { readonly route: HttpRoute; readonly pathParameters: Readonly<Record<string, string>> }
  | { readonly route: null; readonly allowedMethods: readonly string[] };

function matchPath(template: string, path: string): Record<string, string> | null {
  const wanted = template.split('/');
  const given = path.split('/');
  if (wanted.length !== given.length) return null;
  const parameters: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    const value = given[i]!;
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name) {
      if (!value) return null;
      try {
        parameters[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return parameters;
}

/** The route for `method path`, or the methods its path allows (none: no such path). */
export function matchRoute(routes: readonly HttpRoute[], method: string, path: string): RouteMatch {
  const allowedMethods: string[] = [];
  for (const route of routes) {
    const pathParameters = matchPath(route.path, path);
    if (!pathParameters) continue;
    if (route.method === method) return { route, pathParameters };
    allowedMethods.push(route.method);
  }
  return { route: null, allowedMethods };
}
