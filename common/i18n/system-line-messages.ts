// How a chat system line reads (docs/decisions/0325): the line is stored as a code and values (common/chat.ts
// SystemLine), and each reader's app says it in its own language with these messages; the server says it in English
// for the message's `text`, so clients that read `text` read what they always did.
import { defineMessages } from '@formatjs/intl';
import type { SystemLine, SystemLineCode } from '../chat.ts';

const LINES = defineMessages({
  started: { id: 'chat.systemLine.started', defaultMessage: '{actor} started the conversation', description: 'Chat system line: {actor} is the member who started a group conversation.' },
  joined: { id: 'chat.systemLine.joined', defaultMessage: '{actor} joined', description: 'Chat system line: {actor} joined a group conversation by themselves.' },
  added: { id: 'chat.systemLine.added', defaultMessage: '{actor} added {member}', description: 'Chat system line: {actor} added {member} to a group conversation (names).' },
  left: { id: 'chat.systemLine.left', defaultMessage: '{actor} left', description: 'Chat system line: {actor} left a group conversation.' },
  removed: { id: 'chat.systemLine.removed', defaultMessage: '{actor} removed {member}', description: 'Chat system line: {actor} removed {member} from a group conversation (names).' },
  renamed: { id: 'chat.systemLine.renamed', defaultMessage: '{actor} renamed the conversation to “{title}”', description: 'Chat system line: {actor} gave a group conversation the name {title}.' },
  unnamed: { id: 'chat.systemLine.unnamed', defaultMessage: '{actor} removed the conversation\'s name', description: 'Chat system line: {actor} removed a group conversation\'s name (its members\' names stand for it again).' },
  handedOver: { id: 'chat.systemLine.handedOver', defaultMessage: '{actor} handed the conversation over to {member}', description: 'Chat system line: {actor} gave the role of the conversation\'s creator to {member}.' },
  referralAccepted: {
    id: 'chat.systemLine.referralAccepted', defaultMessage: 'Referral accepted: {summary}. Use this conversation to arrange the hand-off.',
    description: 'Chat system line opening the conversation of an accepted referral: {summary} is its needs ("Teen · Anxiety, Panic Disorder · Online · ON"), never a person.',
  },
}) satisfies Record<SystemLineCode, unknown>;

type Message = { id: string; defaultMessage: string };
/** Formats a catalogue message in the reader's language (the server's sayIn, react-intl's formatMessage). */
type Formatter = (message: Message, values?: Record<string, string | number>) => string;

/** How a reader's app names what a line holds: option values by their label, members by their current name. */
export type SystemLineLabels = {
  ageGroup?: (value: string) => string;
  specialty?: (value: string) => string;
  sessionFormat?: (value: string) => string;
  /** A member's name now, by id; undefined: the name the line was written with. */
  nameOf?: (userId: string) => string | undefined;
};

const same = (value: string) => value;
const listOf = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : value ? [value] : []);

/** The line in the reader's language; with no labels, in English as the server writes it in `text`. */
export function systemLineIn(say: Formatter, line: SystemLine, labels: SystemLineLabels = {}): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(line.values)) values[key] = listOf(value).join(', ');
  for (const [key, userId] of Object.entries(line.people ?? {})) {
    const now = labels.nameOf?.(userId);
    if (now) values[key] = now;
  }
  if (line.code === 'referralAccepted') {
    const { ageGroup = same, specialty = same, sessionFormat = same } = labels;
    values.summary = [
      listOf(line.values.ageGroup).map(ageGroup).join(', '),
      listOf(line.values.concerns).map(specialty).join(', '),
      listOf(line.values.sessionFormats).map(sessionFormat).join(', '),
      listOf(line.values.region).join(', '),
    ].join(' · ');
  }
  return say(LINES[line.code], values);
}
