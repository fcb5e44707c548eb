import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled box of a forum column; a section landmark named by its title. */
export function SidebarCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={id}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}
