import { Badge, Group } from '@mantine/core';
import { BADGES_ON_CARD } from '../../../../common/constants.ts';

/** Specialty and therapy-type badges, at most `max` of each with a "+n" badge for the rest. */
export function CommunityTags({ specialties, modalities, max = BADGES_ON_CARD }: { specialties: string[]; modalities: string[]; max?: number }) {
  const row = (tags: string[], color: string) => [
    ...tags.slice(0, max).map((t) => <Badge key={`${color}-${t}`} color={color} variant="light" tt="none">{t}</Badge>),
    ...(tags.length > max ? [<Badge key={`${color}-more`} color={color} variant="outline" tt="none">+{tags.length - max}</Badge>] : []),
  ];
  if (!specialties.length && !modalities.length) return null;
  return <Group gap={6}>{row(specialties, 'brand')}{row(modalities, 'grape')}</Group>;
}
