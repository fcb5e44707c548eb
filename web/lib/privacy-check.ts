// The client-privacy check as a member types: the server's guard (POST /api/privacy/check) is asked a moment after they
// stop, so the web app never loads the guard's language model. A send asks again for the text as it is then, and a
// text holding only what may be a name goes out once the member confirms it is not one.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { splitMentions } from '../../common/mentions.ts';
import { onlyLikelyNames, PRIVACY_CHECK_MAX, PRIVACY_TEXTS, type Finding, type PrivacyCheckResponse } from '../../common/privacy-check.ts';
import { api } from './api.ts';

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

/**
 * Forum text as the check reads it: each @mention blanked (a colleague named on purpose), every other offset kept, and
 * only as much as one check takes (a long post is checked in its first part).
 */
export const withoutMentions = (text: string) => splitMentions(text)
  .map((s) => (s.kind === 'text' ? s.text : ' '.repeat(`@[${s.name}](user:${s.userId})`.length))).join('').slice(0, PRIVACY_CHECK_MAX);

/**
 * What a forum composer warns about (a warning, never a refusal: docs/decisions/0111): every finding but a likely name,
 * since posts name colleagues all the time; a name after "client" or "named" is certain and still warned about.
 */
export const forumWarnings = (findings: Finding[]) => findings.filter((f) => !(f.kind === 'name' && f.certainty === 'likely'));
