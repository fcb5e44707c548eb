// A group message's receipts as counts ("Delivered to 4", "Read by 3 of 5"), with the names a tap or a hover away
// (docs/decisions/0230). Counted from the members' marks by the server, moved live by `messageStatus` events.
import { Popover, Text, UnstyledButton } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { Message } from '../../../../common/chat.ts';

const m = withValues(defineMessages({
  sent: { id: 'chat.receipts.sent', defaultMessage: 'Sent', description: 'A group message no other member\'s device has received yet' },
  delivered: { id: 'chat.receipts.delivered', defaultMessage: 'Delivered to {count}', description: 'How many other members\' devices received a group message' },
  read: { id: 'chat.receipts.read', defaultMessage: 'Read by {count} of {of}', description: 'How many of the other members read a group message' },
  readBy: { id: 'chat.receipts.readBy', defaultMessage: 'Read by', description: 'Heading of the names of members who read a message' },
  deliveredTo: { id: 'chat.receipts.deliveredTo', defaultMessage: 'Delivered to', description: 'Heading of the names of members whose devices received it' },
}));

type Props = { receipts: NonNullable<Message['receipts']>; names: ReadonlyMap<string, string> };

export function Receipts({ receipts, names }: Props) {
  const intl = useIntl();
  const { of, deliveredTo, readBy } = receipts;
  const label = readBy.length
    ? intl.formatMessage(m.read, { count: readBy.length, of })
    : deliveredTo.length ? intl.formatMessage(m.delivered, { count: deliveredTo.length }) : intl.formatMessage(m.sent);
  const status = readBy.length ? 'read' : deliveredTo.length ? 'delivered' : 'sent';
  const nameOf = (id: string) => names.get(id) ?? '…';
  const onlyDelivered = deliveredTo.filter((id) => !readBy.includes(id));
  if (!deliveredTo.length && !readBy.length) return <span className="chat-receipts" data-testid="receipts" data-status={status}>{label}</span>;
  return (
    <Popover position="top" withArrow shadow="md" withinPortal>
      <Popover.Target>
        <UnstyledButton className="chat-receipts" data-testid="receipts" data-status={status}>{label}</UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {readBy.length > 0 && (
          <>
            <Text size="xs" fw={700}>{intl.formatMessage(m.readBy)}</Text>
            <Text size="xs">{intl.formatList(readBy.map(nameOf))}</Text>
          </>
        )}
        {onlyDelivered.length > 0 && (
          <>
            <Text size="xs" fw={700} mt={readBy.length ? 4 : 0}>{intl.formatMessage(m.deliveredTo)}</Text>
            <Text size="xs">{intl.formatList(onlyDelivered.map(nameOf))}</Text>
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
