import { Alert, Button, List, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { KIND_MESSAGES, type ForumRefusal } from '../../../lib/privacy-check.ts';
import { withValues } from '../../../lib/messages.ts';

const m = withValues(defineMessages({
  finding: { id: 'forums.identifying.finding', defaultMessage: '{kind}: <mark>{text}</mark>', description: 'One identifying detail the server found: its kind (Name, Phone number...) and the words found, highlighted.' },
  confirm: { id: 'forums.identifying.confirm', defaultMessage: 'I have removed anything that identifies a client', description: 'Button: the writer confirms the post or comment identifies no client, and sends it again.' },
}));

type Props = { refusal: ForumRefusal; busy: boolean; onConfirm: () => void };

/**
 * The server's answer to a post or comment that looked identifying: what it found, in the writer's own words, and
 * (unless administrators made it a refusal) the button that sends it again once the writer has checked.
 */
export function IdentifyingQuestion({ refusal, busy, onConfirm }: Props) {
  const intl = useIntl();
  return (
    <Alert color={refusal.confirmable ? 'yellow' : 'red'} variant="light" role="alert" data-testid="identifying-question">
      <Text size="sm" fw={600}>{refusal.msg}</Text>
      <List size="sm" spacing={2} mt={4}>
        {refusal.findings.map((f) => (
          <List.Item key={`${f.start}-${f.end}-${f.kind}`}>
            {intl.formatMessage(m.finding, {
              kind: intl.formatMessage(KIND_MESSAGES[f.kind]), text: refusal.text.slice(f.start, f.end),
              mark: (chunks) => <mark key="found" translate="no">{chunks}</mark>,
            })}
          </List.Item>
        ))}
      </List>
      {refusal.confirmable && (
        <Button mt="sm" size="xs" variant="default" loading={busy} onClick={onConfirm}>{intl.formatMessage(m.confirm)}</Button>
      )}
    </Alert>
  );
}
