import { Avatar, type AvatarProps } from '@mantine/core';

/** A practice's uploaded logo (served from this origin, a whole image on a square), or its initial when it has none. */
export function PracticeLogo({ name, logo, ...props }: { name: string; logo: string | null } & Omit<AvatarProps, 'src' | 'alt'>) {
  return (
    <Avatar src={logo} alt="" radius="md" color="brand" variant="light" translate="no" styles={{ image: { objectFit: 'contain' } }} {...props}>
      {name.trim().slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
