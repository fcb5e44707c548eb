// A chat system line in the reader's language (docs/decisions/0325). A line written as a code and values is said from
// the catalogue (common/i18n/system-line-messages.ts), naming members by their current name when the conversation
// knows it and a referral's needs by their labels; an older line is its stored English, as it always was.
import type { IntlShape } from 'react-intl';
import type { Message } from '../../../common/chat.ts';
import { systemLineIn } from '../../../common/i18n/system-line-messages.ts';
import type { OptionLabels } from '../../lib/option-labels.ts';

export function systemLineText(
  intl: IntlShape, labels: Pick<OptionLabels, 'ageGroup' | 'specialty' | 'sessionFormat'>,
  message: Pick<Message, 'text' | 'system'>, names?: ReadonlyMap<string, string>,
): string {
  if (!message.system) return message.text;
  return systemLineIn(
    // The line's message is chosen by its code from the shared definitions, where its id, English and description are.
    (descriptor, values) => intl.formatMessage(descriptor, values),
    message.system,
    { ageGroup: labels.ageGroup, specialty: labels.specialty, sessionFormat: labels.sessionFormat, nameOf: (id) => names?.get(id) },
  );
}
