// Time zones as a member reads them: the zone's own name in the reader's language from Intl ("Eastern Time",
// « heure de l’Est »), beside its IANA id, which stays the value stored and sent. Naming a zone builds one
// Intl.DateTimeFormat, and a browser knows some 420 zones: the names are made a batch at a time after the screen is
// drawn (the id stands in until then) and kept for the page's life.
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from './messages.ts';

const m = withValues(defineMessages({
  option: {
    id: 'timeZone.option', defaultMessage: '{name} ({zone})',
    description: 'A time zone in a list: {name} its name in the reader\'s language (e.g. Eastern Time), {zone} its IANA id (e.g. America/Toronto).',
  },
}));

const named = new Map<string, string | null>();
const BATCH = 40;

/** The zone's generic long name in `locale` ("Eastern Time"), or null when Intl has none. */
function zoneName(zone: string, locale: string): string | null {
  const key = `${locale}|${zone}`;
  if (named.has(key)) return named.get(key)!;
  let name: string | null = null;
  try {
    name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(0)
      .find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    name = null;
  }
  named.set(key, name);
  return name;
}

/** Every IANA zone this browser knows, UTC included (some browsers list it, others not), sorted. */
function knownZones(current: string): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  // A zone saved from another browser stays choosable even if this one does not list it.
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

type Choice = { value: string; label: string };

/** A Select's time zones, named in the reader's language; the chosen one at once, the others batch by batch. */
export function useTimeZoneChoices(current: string): Choice[] {
  const intl = useIntl();
  const locale = intl.locale;
  const [, setDone] = useState(0);
  const zones = knownZones(current);
  useEffect(() => {
    let cancelled = false;
    let next = 0;
    const step = () => {
      if (cancelled) return;
      for (const zone of zones.slice(next, next + BATCH)) zoneName(zone, locale);
      next += BATCH;
      setDone(next);
      if (next < zones.length) setTimeout(step, 0);
    };
    const timer = setTimeout(step, 0);
    return () => { cancelled = true; clearTimeout(timer); };
    // The zones are the same list each render unless the current one was not in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, zones.length]);
  return zones.map((zone) => {
    const name = zone === current || named.has(`${locale}|${zone}`) ? zoneName(zone, locale) : null;
    return { value: zone, label: name ? intl.formatMessage(m.option, { name, zone }) : zone };
  });
}
