import { Alert, List, Text } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor, type MessageValue } from 'react-intl';
import { onlyLikelyNames, type Finding } from '../../common/privacy-check.ts';
import { PRIVACY_MESSAGES } from '../../common/i18n/privacy-messages.ts';
import { KIND_MESSAGES } from '../lib/privacy-check.ts';

const m = defineMessages<{ finding: { kind: string; possible: string; text: MessageValue }; warnOnly: Record<never, never> }>({
  finding: {
    id: 'components.privacyFindings.finding',
    defaultMessage: '{kind}{possible, select, yes { (possible)} other {}}: {text}',
    description: 'One identifying detail found: {kind} is its kind (Name, Phone number...), {possible} is "yes" when only possibly one, {text} the words found.',
  },
  warnOnly: {
    id: 'components.privacyFindings.warnOnly',
    defaultMessage: 'Colleagues across the network read this. You can still post it.',
    description: 'Under a forum warning about identifying details: the member may still post.',
  },
});

// The privacy guard's messages are shared with the server (common/i18n/privacy-messages.ts), whose descriptors are
// not typed for their values.
const refused = PRIVACY_MESSAGES.refused as MessageDescriptor;
const likelyName = PRIVACY_MESSAGES.likelyName as MessageDescriptor;

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
  const intl = useIntl();
  if (!findings.length) return null;
  const namesOnly = onlyLikelyNames(findings);
  const firstHard = findings.find((f) => !(f.kind === 'name' && f.certainty === 'likely'));
  const title = firstHard ? intl.formatMessage(refused, { subject, kind: firstHard.kind }) : intl.formatMessage(likelyName, { subject });
  return (
    <Alert id={id} color={namesOnly || warnOnly ? 'yellow' : 'red'} variant="light" role="alert" data-testid="privacy-findings">
      <Text size="sm" fw={600}>{title}</Text>
      <List size="sm" spacing={2} mt={4}>
        {findings.map((f) => (
          <List.Item key={`${f.start}-${f.end}-${f.kind}`}>
            {intl.formatMessage(m.finding, {
              kind: intl.formatMessage(KIND_MESSAGES[f.kind]),
              possible: f.certainty === 'likely' ? 'yes' : 'no',
              text: <mark key="text">{text.slice(f.start, f.end)}</mark>,
            })}
          </List.Item>
        ))}
      </List>
      {warnOnly && <Text size="sm" mt={4}>{intl.formatMessage(m.warnOnly)}</Text>}
    </Alert>
  );
}
