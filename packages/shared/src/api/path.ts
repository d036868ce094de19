/**
 * Turns a route key of the table ("GET /tool/:id") and its parameters into the method and the
 * path under /api. No zod here: the browser's first chunk imports this file.
 */
export function routeRequest(
  key: string,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): { method: string; path: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: missing path parameter "${name}"`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const queryString = search.toString();
  return { method, path: queryString ? `${path}?${queryString}` : path };
}
