import { Textarea } from '@mantine/core';
import { privacyProblem } from '../form.ts';
import { FIELD_ERROR_STYLES } from './labels.ts';

type Props = { label: string; description?: string; value: string; onChange: (value: string) => void; maxLength: number; minRows?: number };

/**
 * A note or message that must not identify a client: the same guard as the server's, run as the member types, its
 * message shown as the field's error (announced, and tied to the field by aria-describedby).
 */
export function GuardedTextarea({ label, description, value, onChange, maxLength, minRows = 3 }: Props) {
  const problem = privacyProblem(value);
  return (
    <Textarea label={label} description={description ?? `${value.length} / ${maxLength} characters`} value={value}
      onChange={(e) => onChange(e.currentTarget.value)} maxLength={maxLength} autosize minRows={minRows} maxRows={10}
      error={problem} errorProps={{ role: 'alert' }} styles={FIELD_ERROR_STYLES} />
  );
}
