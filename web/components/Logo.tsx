import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Thera Root home">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text component="span" fw={700} size="lg" c="brand.8" ff="heading">Thera Root</Text>
      </Group>
    </Link>
  );
}
