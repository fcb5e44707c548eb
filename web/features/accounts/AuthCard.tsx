import { Container, Paper, Title, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthCard({ title, intro, children, size = 420 }: { title: string; intro?: string; children: ReactNode; size?: number }) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb={intro ? 4 : 'md'}>{title}</Title>
        {intro && <Text mb="md">{intro}</Text>}
        {children}
      </Paper>
    </Container>
  );
}
