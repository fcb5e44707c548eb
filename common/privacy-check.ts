// The client-privacy check's shapes and words, shared by the server and the web app. The detectors themselves live in
// common/privacy-guard/ (they carry a language model the web app does not load: the forms ask POST /api/privacy/check).
import { z } from 'zod';
import { splitMentions } from './mentions.ts';

const FINDING_KINDS = ['name', 'phone', 'email', 'date', 'address', 'number'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
const CERTAINTIES = ['certain', 'likely'] as const;

/** One identifying detail, `start`/`end` as UTF-16 offsets into the text the member wrote. */
const FindingSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  start: z.number().int(),
  end: z.number().int(),
  certainty: z.enum(CERTAINTIES),
});
export type Finding = z.infer<typeof FindingSchema>;

/**
 * Twice the longest referral note. The name tagger costs tens of milliseconds per thousand characters, so the bound
 * keeps one check short; the forum composers check a post's first PRIVACY_CHECK_MAX characters (decision 0110).
 */
export const PRIVACY_CHECK_MAX = 2_000;

/** POST /api/privacy/check */
export const PrivacyCheckBody = z.object({
  text: z.string().max(PRIVACY_CHECK_MAX, `must be at most ${PRIVACY_CHECK_MAX} characters`),
});
export const PrivacyCheckResponse = z.object({ findings: z.array(FindingSchema) });
export type PrivacyCheckResponse = z.infer<typeof PrivacyCheckResponse>;

/** The body field with which a member says that what looked like a name is not one (names only, never other kinds). */
export const ConfirmLikelyName = z.boolean().default(false);

/** Each kind in the words a refusal or the form uses: "The note looks like it contains a phone number." */
export const FINDING_WORDS: Record<FindingKind, string> = {
  name: "a client's name",
  phone: 'a phone number',
  email: 'an email address',
  date: 'a date of birth or a full date',
  address: 'a street address',
  number: 'a health-card, insurance or card number',
};

export const PRIVACY_TEXTS = {
  /** `subject` is what was written: 'note', 'message'. */
  refused: (subject: string, what: string) => `The ${subject} looks like it contains ${what}. Describe needs, not identities.`,
  likelyName: (subject: string) => `The ${subject} may contain a name. Describe needs, not identities, or confirm that it is not a name.`,
  confirmQuestion: 'This looks like a name. Send anyway?',
} as const;

/** Whether only likely names were found: the one case a member may confirm and send. */
export const onlyLikelyNames = (findings: Finding[]) =>
  findings.length > 0 && findings.every((f) => f.kind === 'name' && f.certainty === 'likely');

/**
 * Forum text as the guard reads it: each @mention blanked (a colleague named on purpose), every other offset kept.
 * A post is read as its title, a blank line, and its content, as the composer shows them.
 */
export const blankMentions = (text: string) => splitMentions(text)
  .map((s) => (s.kind === 'text' ? s.text : ' '.repeat(`@[${s.name}](user:${s.userId})`.length))).join('');
export const postText = (title: string, content: string) => `${title}\n\n${content}`;

/**
 * What counts in forums (docs/decisions/0111, 0200): every finding but a likely name, since posts name colleagues all
 * the time; a name after "client" or "named" is certain and still counts.
 */
export const forumFindings = (findings: Finding[]) => findings.filter((f) => !(f.kind === 'name' && f.certainty === 'likely'));

/** The body field with which a forum writer says they removed anything that identifies a client. */
export const ConfirmDeidentified = z.boolean().default(false);

/** What an administrator chose a forum post that looks identifying to meet (GET/PUT /api/admin/forum-privacy). */
const FORUM_PRIVACY_MODES = ['confirm', 'refuse'] as const;
export const ForumPrivacySetting = z.object({ mode: z.enum(FORUM_PRIVACY_MODES) });
export type ForumPrivacySetting = z.infer<typeof ForumPrivacySetting>;

/** A forum refusal: `findings` are offsets into the text as read (postText for a post, the content for a comment). */
export const LooksIdentifyingResponse = z.object({
  msg: z.string(), code: z.enum(['LOOKS_IDENTIFYING', 'IDENTIFYING_TEXT']), findings: z.array(FindingSchema),
});

export const FORUM_PRIVACY_TEXTS = {
  /** 409: the writer may confirm and send again. `subject`: 'post', 'comment'. */
  looksIdentifying: (subject: string, what: string) =>
    `The ${subject} looks like it contains ${what}. Colleagues across the network read it: remove anything that identifies a client, or confirm that nothing does.`,
  /** 400 IDENTIFYING_TEXT under the administrators' 'refuse' setting: confirming does not help. */
  refused: (subject: string, what: string) =>
    `The ${subject} looks like it contains ${what}. On this network forum posts and comments may not hold anything that could identify a client: remove it to post.`,
  confirmLabel: 'I have removed anything that identifies a client',
} as const;
