/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME-default}`, defaults nested in defaults too
 * (what `docker compose config` prints): the innermost first, until none is left.
 */
export function interpolate(value: string, env: Readonly<Record<string, string>>): string {
  let result = value;
  for (let previous = ''; previous !== result; ) {
    previous = result;
    result = result.replace(/\$\{(\w+)(?:(:?-)([^${}]*))?\}/g, (_, name: string, operator: string | undefined, fallback: string | undefined) => {
      const set = env[name];
      if (operator === ':-') return set ? set : (fallback ?? '');
      if (operator === '-') return set ?? fallback ?? '';
      return set ?? '';
    });
  }
  return result;
}
