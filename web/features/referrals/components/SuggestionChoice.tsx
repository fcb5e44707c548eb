import { Checkbox, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  id: string; name: string; testId: string; reasonsId: string; checked: boolean; disabled: boolean;
  onToggle: (id: string, checked: boolean) => void;
  /** The picture (avatar or logo) and the details, beside the checkbox. */
  children: ReactNode;
};

/** One suggested recipient on the referral form, therapist or practice: a card with its checkbox, named by the recipient and described by its reasons. */
export function SuggestionChoice({ id, name, testId, reasonsId, checked, disabled, onToggle, children }: Props) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" p="xs" data-testid={testId}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: checked ? 'var(--mantine-color-brand-0)' : undefined }}>
      <Checkbox mt={4} checked={checked} disabled={disabled && !checked} aria-describedby={reasonsId}
        aria-label={name} onChange={(e) => onToggle(id, e.currentTarget.checked)} />
      {children}
    </Group>
  );
}
