// The client-privacy check as a member types: the server's guard (POST /api/privacy/check) is asked a moment after they
// stop, so the web app never loads the guard's language model. A send asks again for the text as it is then, and a
// text holding only what may be a name goes out once the member confirms it is not one.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import {
  blankMentions, LooksIdentifyingResponse, onlyLikelyNames, PRIVACY_CHECK_MAX, PRIVACY_TEXTS, type Finding, type PrivacyCheckResponse,
} from '../../common/privacy-check.ts';
import { api, ApiError } from './api.ts';

const CHECK_DELAY_MS = 500;

const checkQuery = (text: string) => ({
  queryKey: ['privacy-check', text] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<PrivacyCheckResponse>('/api/privacy/check', { method: 'POST', body: { text }, signal }),
  staleTime: Infinity,
  gcTime: 60_000,
  retry: false,
});

/** 'clear' sends as it is, 'confirm' after the member says the likely name is not one, 'refuse' not at all. */
type PrivacyVerdict = 'clear' | 'confirm' | 'refuse';
const verdictOf = (findings: Finding[]): PrivacyVerdict =>
  !findings.length ? 'clear' : onlyLikelyNames(findings) ? 'confirm' : 'refuse';

export type PrivacyCheck = {
  /** What was found in `checkedText` (the text as it was at the last pause, trimmed). */
  findings: Finding[];
  checkedText: string;
  verdict: PrivacyVerdict;
  /** Asks at once for the text as it is now: a send never goes on a check of older words. */
  checkNow: (text: string) => Promise<Finding[]>;
};

export function usePrivacyCheck(text: string): PrivacyCheck {
  const [checkedText] = useDebouncedValue(text.trim(), CHECK_DELAY_MS);
  const client = useQueryClient();
  const query = useQuery({ ...checkQuery(checkedText), enabled: checkedText !== '' });
  const findings = checkedText === '' ? [] : query.data?.findings ?? [];
  const checkNow = async (now: string) => (now.trim() === '' ? [] : (await client.fetchQuery(checkQuery(now.trim()))).findings);
  return { findings, checkedText, verdict: verdictOf(findings), checkNow };
}

type Ask = (question: { title: string; message: string; confirmLabel: string }) => Promise<boolean>;

/**
 * Before sending `text`: `{ confirmLikelyName }` for the body when it may go (true once the member confirmed that a
 * likely name is not one), or null when it must not (the findings are shown beside the field).
 */
export async function clearToSend(check: PrivacyCheck, text: string, confirm: Ask): Promise<{ confirmLikelyName: boolean } | null> {
  const verdict = verdictOf(await check.checkNow(text));
  if (verdict === 'refuse') return null;
  if (verdict === 'clear') return { confirmLikelyName: false };
  const yes = await confirm({ title: 'Possible name', message: PRIVACY_TEXTS.confirmQuestion, confirmLabel: 'Send anyway' });
  return yes ? { confirmLikelyName: true } : null;
}

/** Forum text as the check reads it: mentions blanked, and only as much as one check takes (a long post is checked in its first part). */
export const withoutMentions = (text: string) => blankMentions(text).slice(0, PRIVACY_CHECK_MAX);

/** Each kind as a finding's label in a list: "Phone number: 416 555 0199". */
export const KIND_MESSAGES = defineMessages({
  name: { id: 'privacy.kind.name', defaultMessage: 'Name', description: 'A kind of identifying detail the privacy check found.' },
  phone: { id: 'privacy.kind.phone', defaultMessage: 'Phone number', description: 'A kind of identifying detail the privacy check found.' },
  email: { id: 'privacy.kind.email', defaultMessage: 'Email address', description: 'A kind of identifying detail the privacy check found.' },
  date: { id: 'privacy.kind.date', defaultMessage: 'Date', description: 'A kind of identifying detail the privacy check found.' },
  address: { id: 'privacy.kind.address', defaultMessage: 'Address', description: 'A kind of identifying detail the privacy check found.' },
  number: { id: 'privacy.kind.number', defaultMessage: 'Identifying number', description: 'A kind of identifying detail the privacy check found.' },
}) satisfies Record<Finding['kind'], MessageDescriptor>;

/** A forum refusal for identifying details: what was found in `text` (the text sent), and whether confirming helps. */
export type ForumRefusal = { msg: string; findings: Finding[]; text: string; confirmable: boolean };

/** The refusal the server gave a forum post or comment for what looked identifying, or null for any other failure. */
export function forumRefusalOf(error: unknown, text: string): ForumRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = LooksIdentifyingResponse.safeParse(error.body);
  if (!parsed.success) return null;
  return { msg: parsed.data.msg, findings: parsed.data.findings, text, confirmable: parsed.data.code === 'LOOKS_IDENTIFYING' };
}
