// Test-only: what the groups tests share, a valid group, a clock the test moves, and a group with members.
import type { CreateGroupInput } from '../../../common/groups.ts';
import type { TestUser } from '../../test/factories.ts';
import { randomLetters } from '../../test/factories.ts';
import type { caller } from '../../test/http.ts';

export const GROUP = (overrides: Partial<CreateGroupInput> = {}): CreateGroupInput => ({
  name: `Trauma consultation ${randomLetters(6)}`, description: 'Peers who work with trauma meet every week.', visibility: 'listed', maxMembers: 6,
  focus: { specialties: ['Trauma and PTSD'], modalities: ['EMDR'] },
  schedule: { frequency: 'weekly', weekday: 'Tuesday', time: '19:00', timeZone: 'America/Toronto', durationMinutes: 90, startsOn: '2026-09-01' },
  meetingLink: 'https://meet.example.com/trauma', ...overrides,
});

export function controlledClock(start: string) {
  let at = Date.parse(start);
  return { now: () => new Date(at), set: (iso: string) => { at = Date.parse(iso); } };
}

type Call = ReturnType<typeof caller>;

/** A group by `facilitator` with these members (invited and accepted); answers its id. */
export async function groupWith(call: Call, facilitator: TestUser, members: TestUser[], overrides: Partial<CreateGroupInput> = {}): Promise<string> {
  const created = await call('POST', '/api/groups', facilitator, GROUP(overrides));
  if (created.status !== 201) throw new Error(`group not created: ${JSON.stringify(created.body)}`);
  const id = created.body._id as string;
  for (const m of members) {
    const inv = await call('POST', `/api/groups/${id}/invitations`, facilitator, { userId: m.id });
    const ans = await call('PATCH', `/api/groups/${id}/invitations/${inv.body._id}`, m, { accept: true });
    if (ans.status !== 200) throw new Error(`not joined: ${JSON.stringify(ans.body)}`);
  }
  return id;
}
