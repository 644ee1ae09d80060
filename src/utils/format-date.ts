/** Belgian wall-clock time, whatever the server's zone. */
const TIME_ZONE = 'Europe/Brussels';

let formatter: Intl.DateTimeFormat | undefined;

function parts(date: Date): Record<string, string> {
  formatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

/** dd/mm/yyyy (SPEC §9). */
export function formatDate(date: Date): string {
  const { day, month, year } = parts(date);
  return `${day}/${month}/${year}`;
}
