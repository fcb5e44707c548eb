import { Alert, List, Text } from '@mantine/core';
import { FINDING_WORDS, onlyLikelyNames, PRIVACY_TEXTS, type Finding } from '../../common/privacy-check.ts';

const KIND_LABELS: Record<Finding['kind'], string> = {
  name: 'Name', phone: 'Phone number', email: 'Email address', date: 'Date', address: 'Address', number: 'Identifying number',
};

type Props = {
  findings: Finding[]; text: string; subject: string; id?: string;
  /** A warning the member may post past (forums): nothing is refused. */
  warnOnly?: boolean;
};

/**
 * What the privacy check found in a text, each finding listed by its kind with the words it points at, under the
 * server's own words. A likely name is a warning (the member may confirm it is not one); anything else must go first.
 */
export function PrivacyFindings({ findings, text, subject, id, warnOnly = false }: Props) {
  if (!findings.length) return null;
  const namesOnly = onlyLikelyNames(findings);
  const firstHard = findings.find((f) => !(f.kind === 'name' && f.certainty === 'likely'));
  const title = firstHard ? PRIVACY_TEXTS.refused(subject, FINDING_WORDS[firstHard.kind]) : PRIVACY_TEXTS.likelyName(subject);
  return (
    <Alert id={id} color={namesOnly || warnOnly ? 'yellow' : 'red'} variant="light" role="alert" data-testid="privacy-findings">
      <Text size="sm" fw={600}>{title}</Text>
      <List size="sm" spacing={2} mt={4}>
        {findings.map((f) => (
          <List.Item key={`${f.start}-${f.end}-${f.kind}`}>
            {KIND_LABELS[f.kind]}{f.certainty === 'likely' ? ' (possible)' : ''}: <mark>{text.slice(f.start, f.end)}</mark>
          </List.Item>
        ))}
      </List>
      {warnOnly && <Text size="sm" mt={4}>Colleagues across the network read this. You can still post it.</Text>}
    </Alert>
  );
}
