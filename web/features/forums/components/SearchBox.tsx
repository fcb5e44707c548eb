import { CloseButton, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  clear: { id: 'forums.search.clear', defaultMessage: 'Clear search', description: 'Accessible name of the button emptying a search field.' },
});

/** A search field whose placeholder is the spec's text; the label is for screen readers. */
export function SearchBox({ value, onChange, placeholder, label }: { value: string; onChange: (v: string) => void; placeholder: string; label: string }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  // On a screen the server drew (docs/decisions/0104) the field can be typed in before the app has taken the page over,
  // and React does not report that typing: it is taken as the search once the app is there.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== value) onChange(typed);
    // Only what was typed before the first commit; later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <TextInput
      ref={input} type="search" aria-label={label} placeholder={placeholder} value={value} maxLength={200}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label={intl.formatMessage(m.clear)} onClick={() => onChange('')} /> : null}
    />
  );
}
