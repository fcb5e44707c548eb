import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { title: string; children: ReactNode; footer?: ReactNode; span?: boolean; id: string };

/**
 * One card of the dashboard: a titled section, its content, and optional actions at the bottom. `id` names its
 * heading: fixed words (card-my-chats), since the title is translated.
 */
export function DashboardCard({ title, children, footer, span, id }: Props) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}
      style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Title order={2} size="h4" id={id} mb="sm">{title}</Title>
      <div style={{ flex: 1 }}>{children}</div>
      {footer && <Group mt="md" gap="xs">{footer}</Group>}
    </Card>
  );
}
