import { CloseButton, TextInput } from '@mantine/core';

/** A search field whose placeholder is the spec's text; the label is for screen readers. */
export function SearchBox({ value, onChange, placeholder, label }: { value: string; onChange: (v: string) => void; placeholder: string; label: string }) {
  return (
    <TextInput
      type="search" aria-label={label} placeholder={placeholder} value={value} maxLength={200}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
    />
  );
}
