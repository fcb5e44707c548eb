export { browserTimeZone } from '../../lib/time-zone.ts';

/** Every IANA zone this browser knows, UTC included (some browsers list it, others not), sorted. */
export function timeZoneOptions(current: string): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  // A zone saved from another browser stays choosable even if this one does not list it.
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}
