// react-intl 12 types a message from `defineMessages` without a values type as taking no values at all, so
// `formatMessage(m.x, { name })` would not compile; listing each message's values by hand beside it doubles every
// message. Wrapped in `withValues`, the messages take any values: the catalogue test checks each message's arguments.
import type { MessageDescriptor } from 'react-intl';

export const withValues = <K extends string>(messages: Readonly<Record<K, MessageDescriptor>>): Readonly<Record<K, MessageDescriptor>> => messages;
