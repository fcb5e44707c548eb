import { Alert, List, Text } from '@mantine/core';
import { FINDING_WORDS, type Finding } from '../../common/privacy-check.ts';

const KIND_LABELS: Record<Finding['kind'], string> = {
  name: 'Name', phone: 'Phone number', email: 'Email address', date: 'Date', address: 'Address', number: 'Identifying number',
};

type Props = { findings: Finding[]; text: string; subject: string; id?: string; warnOnly?: boolean };

/**
 * What the privacy check found in a text, each finding named by its kind with the words it points at. A likely name is a
 * warning (the member may confirm it is not one); anything else must be removed before sending, unless `warnOnly`.
 */
export function PrivacyFindings({ findings, text, subject, id, warnOnly = false }: Props) {
  if (!findings.length) return null;
  const namesOnly = findings.every((f) => f.kind === 'name' && f.certainty === 'likely');
  const firstHard = findings.find((f) => !(f.kind === 'name' && f.certainty === 'likely'));
  const title = namesOnly ? `This ${subject} may contain a name.`
    : `This ${subject} looks like it contains ${FINDING_WORDS[firstHard!.kind]}.`;
  const advice = namesOnly || warnOnly ? 'Describe needs, not identities. If it is not a name, you can still send it.'
    : 'Describe needs, not identities: remove it before sending.';
  return (
    <Alert id={id} color={namesOnly || warnOnly ? 'yellow' : 'red'} variant="light" title={title} role="alert" data-testid="privacy-findings">
      <List size="sm" spacing={2}>
        {findings.map((f) => (
          <List.Item key={`${f.start}-${f.end}-${f.kind}`}>
            {KIND_LABELS[f.kind]}{f.certainty === 'likely' ? ' (possible)' : ''}: <mark>{text.slice(f.start, f.end)}</mark>
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={4}>{advice}</Text>
    </Alert>
  );
}
