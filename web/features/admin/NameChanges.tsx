import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PagePagination } from '../../components/PagePagination.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { timeAgo } from '../../lib/time.ts';
import { useDecideNameChange, useNameChanges } from './api.ts';

/**
 * Verified members' new names, oldest first. The old name shows everywhere until one is approved; a name another
 * member already carries is flagged, since a copied name is how impersonation starts.
 */
export function NameChanges() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useNameChanges(page);
  const decide = useDecideNameChange();
  const busy = (id: string, approved: boolean) => decide.isPending && decide.variables?.id === id && decide.variables.approved === approved;

  return (
    <Stack component="section" aria-labelledby="name-changes-title">
      <Title order={2} size="h3" id="name-changes-title">Name changes</Title>
      <Text>Verified members who asked for a new name. Their profile keeps the old name until you approve.</Text>
      {decide.error && <Alert color="red" role="alert">{decide.error.message}</Alert>}
      {isPending && <PageLoader />}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
      {data && data.nameChanges.length === 0 && <Text>No name changes are waiting for review.</Text>}
      {data?.nameChanges.map((c) => (
        <Card key={c._id} withBorder>
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={600}>{c.name} → {c.pendingName}</Text>
              <Text size="sm">asked {timeAgo(c.requestedAt)}</Text>
              {c.sameNameCount > 0 && (
                <Badge color="red" c="red.9" variant="light" mt={6}>
                  {c.sameNameCount === 1 ? 'Another member has this name' : `${c.sameNameCount} other members have this name`}
                </Badge>
              )}
            </div>
            <Group gap="xs">
              <Button onClick={() => decide.mutate({ id: c._id, approved: true })} loading={busy(c._id, true)}
                aria-label={`Approve the name ${c.pendingName} for ${c.name}`}>Approve</Button>
              <Button variant="outline" color="red.8" onClick={() => decide.mutate({ id: c._id, approved: false })} loading={busy(c._id, false)}
                aria-label={`Decline the name ${c.pendingName} for ${c.name}`}>Decline</Button>
            </Group>
          </Group>
        </Card>
      ))}
      {data && data.totalPages > 1 && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
