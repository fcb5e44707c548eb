import { Badge, Group } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { BADGES_ON_CARD } from '../../../../common/constants.ts';
import { useOptionLabels, type Label } from '../../../lib/option-labels.ts';

const m = defineMessages<{ more: { count: number } }>({
  more: { id: 'forums.tags.more', defaultMessage: '+{count}', description: 'Badge after the first tags of a community: how many more there are.' },
});

/** Specialty and therapy-type badges, at most `max` of each with a "+n" badge for the rest. */
export function CommunityTags({ specialties, modalities, max = BADGES_ON_CARD }: { specialties: string[]; modalities: string[]; max?: number }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const row = (tags: string[], color: string, label: Label) => [
    ...tags.slice(0, max).map((t) => <Badge key={`${color}-${t}`} color={color} variant="light" tt="none">{label(t)}</Badge>),
    ...(tags.length > max ? [<Badge key={`${color}-more`} color={color} variant="outline" tt="none">{intl.formatMessage(m.more, { count: tags.length - max })}</Badge>] : []),
  ];
  if (!specialties.length && !modalities.length) return null;
  return <Group gap={6}>{row(specialties, 'brand', labels.specialty)}{row(modalities, 'grape', labels.modality)}</Group>;
}
