/** Deeper JSON is refused: no form or endpoint of ours takes more than a few levels. */
export const MAX_JSON_DEPTH = 8;

/** Whether `value` nests deeper than `limit`: iterative, so a hostile body cannot exhaust the stack. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

function httpError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/** JSON bodies: malformed is 400, too deep 422 (and `__proto__` keys never reach an object). */
export function parseJsonWithLimits(body: Buffer): unknown {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'), (key, value: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : value));
  } catch {
    // Malformed, or nested beyond what the parser itself accepts.
    throw httpError(400, 'malformed JSON');
  }
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) throw httpError(422, 'JSON nested too deeply');
  return parsed;
}
