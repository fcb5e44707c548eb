// Every answer the server gives as English text has a catalogue message (server/lib/texts), so a French reader never
// meets English: the shared constants it throws or sends, and each literal given to an error helper, sent as `{msg}`
// or kept as an upper-case sentence constant in server code, in every directory of server/ (docs/decisions/0275). This is
// the check a lint rule against English literals in thrown AppErrors would make.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCK_TEXTS } from '../../common/blocks.ts';
import { CHAT_ERRORS } from '../../common/chat.ts';
import { FILE_ERRORS, MESSAGE_ATTACHMENTS_MAX } from '../../common/files.ts';
import { GROUP_TEXTS } from '../../common/groups.ts';
import { REVIEW_DONE } from '../../common/moderation.ts';
import * as moderation from '../../common/moderation.ts';
import * as posts from '../../common/posts.ts';
import * as communities from '../../common/communities.ts';
import * as therapists from '../../common/therapists.ts';
import * as accounts from '../../common/accounts.ts';
import * as resources from '../../common/resources.ts';
import * as admin from '../../common/admin.ts';
import { PRACTICE_TEXTS } from '../../common/practices.ts';
import { ACCOUNT_DELETED } from '../../common/privacy.ts';
import { INSIGHTS_TEXTS } from '../../common/referral-insights.ts';
import { OUTCOME_TEXTS } from '../../common/referral-outcomes.ts';
import { REFERRAL_ADMIN_TEXT, REFERRAL_TEXTS } from '../../common/referrals.ts';
import { TEXTS } from '../../common/security.ts';
import { PASSKEY_TEXTS } from '../../common/security-policy.ts';
import { UNSUBSCRIBE_TEXTS } from '../../common/notifications.ts';
import { PASSWORD_RULES } from './accounts/password-policy.ts';
import { HELD_TEXTS } from './privacy/deletion.ts';
import { IDEMPOTENCY_TEXTS } from '../lib/idempotency.ts';
import { TOO_DEEP } from '../lib/input-safety.ts';
import { formatText, localText } from '../lib/i18n.ts';
import { SERVER_FILES } from '../lib/texts/files.ts';
import { knownText } from '../lib/texts/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const strings = (values: object) => Object.values(values).filter((v): v is string => typeof v === 'string');
/** Texts the web app shows on its own, never answered by the server. */
const WEB_ONLY = new Set([BLOCK_TEXTS.hidden, BLOCK_TEXTS.showAnyway, OUTCOME_TEXTS.handOff, PASSKEY_TEXTS.added, PASSKEY_TEXTS.policySaved,
  UNSUBSCRIBE_TEXTS.done, PRACTICE_TEXTS.websiteInvalid, IDEMPOTENCY_TEXTS.invalid, resources.RESOURCE_SUBMIT_FAILED, resources.NO_PERMISSION_PAGE]);
/** Upper-case sentence constants of a module (POST_NOT_FOUND...) that server code uses (not placeholders like "[deleted]"). */
const sentences = (module: object) => Object.entries(module)
  .filter(([name, value]) => /^[A-Z][A-Z_]+$/.test(name) && typeof value === 'string' && /[.!]$/.test(value) && new RegExp(`\\b${name}\\b`).test(serverCode()))
  .map(([, value]) => value as string);
let code: string | undefined;
const serverCode = () => (code ??= serverFiles(ROOT).map((file) => fs.readFileSync(file, 'utf8')).join('\n'));

/**
 * Every source file the server runs, in every directory of server/. Only tests and server/test (the tests' helpers
 * and fakes, never served) are left out.
 */
function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join(ROOT, 'test') ? [] : serverFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name) ? [file] : [];
  });
}

describe('the server\'s texts', () => {
  it('have a catalogue message for every shared constant the server answers with', () => {
    const shared = [
      ...strings(CHAT_ERRORS), ...strings(PRACTICE_TEXTS), ...strings(REFERRAL_TEXTS), ...strings(TEXTS), ...strings(BLOCK_TEXTS),
      ...strings(OUTCOME_TEXTS), ...strings(PASSKEY_TEXTS), ...strings(admin.TWO_FACTOR_RESET), ...strings(INSIGHTS_TEXTS),
      ...strings(UNSUBSCRIBE_TEXTS), ...strings(GROUP_TEXTS), ...strings(FILE_ERRORS).filter((text) => text !== FILE_ERRORS.tooMany),
      ...strings(PASSWORD_RULES), ...strings(HELD_TEXTS), ...strings(REVIEW_DONE), ...strings(IDEMPOTENCY_TEXTS),
      ...sentences(moderation), ...sentences(posts), ...sentences(communities), ...sentences(therapists), ...sentences(accounts),
      ...sentences(resources), ...sentences(admin), REFERRAL_ADMIN_TEXT, ACCOUNT_DELETED, TOO_DEEP, accounts.INVALID_CREDENTIALS,
    ].filter((text) => !WEB_ONLY.has(text));
    expect(shared.filter((text) => !knownText(text))).toEqual([]);
  });

  it('have a catalogue message for every literal the server code refuses or confirms with', () => {
    const literal = /\b(?:badRequest|forbidden|notFound|conflict|tooManyRequests|unauthorized)\(\s*'((?:[^'\\]|\\.)+)'|new AppError\([^,]+,[^,]+,\s*'((?:[^'\\]|\\.)+)'|\bmsg: '((?:[^'\\]|\\.)+)'|\bconst [A-Z][A-Z_]+ = '((?:[^'\\]|\\.)+[.!])';/g;
    const unknown: string[] = [];
    for (const file of serverFiles(ROOT)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(literal)) {
        const text = (match[1] ?? match[2] ?? match[3] ?? match[4]).replace(/\\'/g, "'");
        if (!knownText(text)) unknown.push(`${path.relative(ROOT, file)}: ${text}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('say FILE_ERRORS\' texts with values exactly, from the values given where they are thrown', () => {
    const english = (message: { id: string; defaultMessage: string }, values: Record<string, string | number>) => formatText(localText(message, values), 'en');
    expect(english(SERVER_FILES.tooLarge, { megabytes: 25 })).toBe(FILE_ERRORS.tooLarge(25 * 1024 * 1024));
    expect(english(SERVER_FILES.quota, { megabytes: 1024 })).toBe(FILE_ERRORS.quota(1024 * 1024 * 1024));
    expect(english(SERVER_FILES.tooMany, { max: MESSAGE_ATTACHMENTS_MAX })).toBe(FILE_ERRORS.tooMany);
    expect(english(SERVER_FILES.mismatch, { ext: 'pdf', type: 'png', mime: '' })).toBe(FILE_ERRORS.mismatch('pdf', 'a PNG image'));
    expect(english(SERVER_FILES.mismatch, { ext: 'docx', type: 'text', mime: '' })).toBe(FILE_ERRORS.mismatch('docx', 'plain text'));
    expect(english(SERVER_FILES.mismatch, { ext: 'pdf', type: 'other', mime: 'application/zip' }))
      .toBe(FILE_ERRORS.mismatch('pdf', 'another type (application/zip)'));
  });

  it('are said in French for a French reader, and stay exactly themselves in English', () => {
    const known = knownText(CHAT_ERRORS.recipientIsSelf)!;
    expect(formatText(known, 'en')).toBe(CHAT_ERRORS.recipientIsSelf);
    expect(formatText(known, 'fr-CA')).toBe('Vous ne pouvez pas entamer une conversation avec vous-même.');
  });
});
