import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { useBlockedIds, useBlockMember } from '../../../lib/blocks.ts';

const m = defineMessages({
  unblockTitle: { id: 'therapists.block.unblockTitle', defaultMessage: 'Unblock member', description: 'Title of the question before unblocking a member' },
  unblock: { id: 'therapists.block.unblock', defaultMessage: 'Unblock', description: 'Button: unblock a member one has blocked' },
  blockTitle: { id: 'therapists.block.blockTitle', defaultMessage: 'Block member', description: 'Title of the question before blocking, and the button that asks it' },
  block: { id: 'therapists.block.block', defaultMessage: 'Block', description: 'Confirming button: block the member' },
  failed: { id: 'therapists.block.failed', defaultMessage: 'Could not update. Please try again.', description: 'Error when blocking or unblocking failed' },
});
const unblockQuestion = defineMessage<{ name: MessageValue }>({ id: 'therapists.block.unblockQuestion', defaultMessage: 'Unblock {name}? They will be able to message you again.', description: 'Question before unblocking; name: the member' });
const blockQuestion = defineMessage<{ name: MessageValue }>({ id: 'therapists.block.blockQuestion', defaultMessage: 'Block {name}? They will not be able to message you, and their posts and comments will be hidden from you. They are not told.', description: 'Question before blocking; name: the member' });

/** Block member / Unblock, asked first. Only the person blocking ever learns of it. */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const blocked = useBlockedIds().has(userId);
  const change = useBlockMember();
  const confirm = useConfirm();
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);

  const onClick = async () => {
    const question = blocked
      ? { title: intl.formatMessage(m.unblockTitle), message: intl.formatMessage(unblockQuestion, { name }), confirmLabel: intl.formatMessage(m.unblock) }
      : { title: intl.formatMessage(m.blockTitle), message: intl.formatMessage(blockQuestion, { name }), confirmLabel: intl.formatMessage(m.block) };
    if (!(await confirm(question))) return;
    setFailure(null);
    change.mutate({ userId, blocked: !blocked }, {
      onError: (error) => setFailure(isRefusal(error) ? error.message : intl.formatMessage(m.failed)),
    });
  };

  return (
    <>
      <Button variant="default" color="red" loading={change.isPending} onClick={() => void onClick()}>
        {intl.formatMessage(blocked ? m.unblock : m.blockTitle)}
      </Button>
      {failure && <Text size="sm" c="red.9" role="alert">{failure}</Text>}
    </>
  );
}
