/**
 * The parameters of `pathname` under a page's path pattern ('/tools/:id' and '/tools/abc' give
 * `{ id: 'abc' }`), or null when it does not match. The same matching as the page routes, with
 * no limit on a parameter's length: Fastify's router stops matching a parameter past 100
 * characters (`maxParamLength`), and such a path must still be answered as that page
 * (plugins/web.ts, docs/behaviour.md §3.5).
 */
export function pagePathParams(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = pathname.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of patternParts.entries()) {
    const segment = pathParts[index]!;
    if (!part.startsWith(':')) {
      if (part !== segment) return null;
    } else if (segment === '') {
      return null;
    } else {
      params[part.slice(1)] = decodeSegment(segment);
    }
  }
  return params;
}

/** A segment as the router decodes it; one that is not valid percent-encoding is kept as sent. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
