/**
 * Remembers the results of a pure function of one string key, up to `limit` of them (then starts afresh): for
 * work every page repeats with the same input (sanitizing a description, a photo's srcsets). No dependencies, so
 * the client bundle can use it too.
 */
export function memoize<R>(compute: (key: string) => R, limit = 2_000): (key: string) => R {
  const results = new Map<string, R>();
  return (key) => {
    if (results.has(key)) return results.get(key)!;
    if (results.size >= limit) results.clear();
    const result = compute(key);
    results.set(key, result);
    return result;
  };
}
