import { Avatar, type AvatarProps } from '@mantine/core';
import { isHttpsUrl } from '../../common/people.ts';
import { UPLOADED_AVATAR } from '../../common/privacy.ts';

/** The first two letters of the name: the spec's fallback when there is no avatar or it fails to load. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** An avatar that is not https (one stored before https was required) shows the initials: the CSP blocks it anyway.
 * An uploaded photo is served from this origin at its content-hashed address. */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & Omit<AvatarProps, 'src' | 'alt'>) {
  return (
    <Avatar src={isHttpsUrl(src) || (src && UPLOADED_AVATAR.test(src)) ? src : null} alt={name} color="brand" variant="filled" translate="no" {...props}>
      {initials(name)}
    </Avatar>
  );
}
