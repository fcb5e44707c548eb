import { Alert, Button, List, Text } from '@mantine/core';
import { FORUM_PRIVACY_TEXTS } from '../../../../common/privacy-check.ts';
import { KIND_LABELS, type ForumRefusal } from '../../../lib/privacy-check.ts';

type Props = { refusal: ForumRefusal; busy: boolean; onConfirm: () => void };

/**
 * The server's answer to a post or comment that looked identifying: what it found, in the writer's own words, and
 * (unless administrators made it a refusal) the button that sends it again once the writer has checked.
 */
export function IdentifyingQuestion({ refusal, busy, onConfirm }: Props) {
  return (
    <Alert color={refusal.confirmable ? 'yellow' : 'red'} variant="light" role="alert" data-testid="identifying-question">
      <Text size="sm" fw={600}>{refusal.msg}</Text>
      <List size="sm" spacing={2} mt={4}>
        {refusal.findings.map((f) => (
          <List.Item key={`${f.start}-${f.end}-${f.kind}`}>
            {KIND_LABELS[f.kind]}: <mark>{refusal.text.slice(f.start, f.end)}</mark>
          </List.Item>
        ))}
      </List>
      {refusal.confirmable && (
        <Button mt="sm" size="xs" variant="default" loading={busy} onClick={onConfirm}>{FORUM_PRIVACY_TEXTS.confirmLabel}</Button>
      )}
    </Alert>
  );
}
