// Relative times in one compact style everywhere (spec: seconds, m, h, d, mo, y ago): "just now", "12s ago", "5m ago".
// In another language, Intl's words for them in that language ("il y a 5 minutes"); English keeps the spec's exact
// forms, written here rather than left to the browser's and the server's Intl data, which may differ by version (a page
// the server drew must read the same when the browser takes it over).
const JUST_NOW_SECONDS = 5;

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';
const ENGLISH_SUFFIX: Record<Unit, string> = { second: 's', minute: 'm', hour: 'h', day: 'd', month: 'mo', year: 'y' };

function elapsed(date: string | Date, now: Date): { value: number; unit: Unit } | null {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(date).getTime()) / 1000));
  if (seconds < JUST_NOW_SECONDS) return null;
  if (seconds < 60) return { value: seconds, unit: 'second' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  const days = Math.floor(hours / 24);
  if (days < 30) return { value: days, unit: 'day' };
  const months = Math.floor(days / 30);
  if (months < 12) return { value: months, unit: 'month' };
  return { value: Math.floor(days / 365), unit: 'year' };
}

/** `locale`: the reader's language (English when absent or when it starts with "en"). */
export function timeAgo(date: string | Date, now: Date = new Date(), locale = 'en'): string {
  const span = elapsed(date, now);
  if (!locale.startsWith('en')) {
    const format = new Intl.RelativeTimeFormat(locale, { style: 'long', numeric: 'auto' });
    return span ? format.format(-span.value, span.unit) : format.format(0, 'second');
  }
  return span ? `${span.value}${ENGLISH_SUFFIX[span.unit]} ago` : 'just now';
}
