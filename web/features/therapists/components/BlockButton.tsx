import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { useBlockedIds, useBlockMember } from '../../../lib/blocks.ts';

/** Block member / Unblock, asked first. Only the person blocking ever learns of it. */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const blocked = useBlockedIds().has(userId);
  const change = useBlockMember();
  const confirm = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);

  const onClick = async () => {
    const question = blocked
      ? { title: 'Unblock member', message: `Unblock ${name}? They will be able to message you again.`, confirmLabel: 'Unblock' }
      : {
        title: 'Block member',
        message: `Block ${name}? They will not be able to message you, and their posts and comments will be hidden from you. They are not told.`,
        confirmLabel: 'Block',
      };
    if (!(await confirm(question))) return;
    setFailure(null);
    change.mutate({ userId, blocked: !blocked }, {
      onError: (error) => setFailure(isRefusal(error) ? error.message : 'Could not update. Please try again.'),
    });
  };

  return (
    <>
      <Button variant="default" color="red" loading={change.isPending} onClick={() => void onClick()}>
        {blocked ? 'Unblock' : 'Block member'}
      </Button>
      {failure && <Text size="sm" c="red.9" role="alert">{failure}</Text>}
    </>
  );
}
