import { Paper, Text, Title } from '@mantine/core';

/** A calm stand-in for a screen whose feature is still being built: never a broken page. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Paper p="xl" withBorder>
      <Title order={1} size="h2">{title}</Title>
      <Text mt="sm">This part of Thera Root is coming soon.</Text>
    </Paper>
  );
}
