import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import type { AuditSearch } from './api.ts';
import { ACTIONS } from './audit-texts.ts';

const m = withValues(defineMessages({
  badId: { id: 'admin.auditFilters.badId', defaultMessage: 'Paste a member id (from their account page)', description: 'Error beside a member id filter that is not an id.' },
  form: { id: 'admin.auditFilters.form', defaultMessage: 'Filter the audit trail', description: 'Accessible name of the audit log\'s filters.' },
  actor: { id: 'admin.auditFilters.actor', defaultMessage: 'Who acted (member id)', description: 'Filter: the member who did the action.' },
  member: { id: 'admin.auditFilters.member', defaultMessage: 'Whose data (member id)', description: 'Filter: the member whose data was read or changed.' },
  action: { id: 'admin.auditFilters.action', defaultMessage: 'Action', description: 'Filter: the kind of action.' },
  anyAction: { id: 'admin.auditFilters.anyAction', defaultMessage: 'Any action', description: 'The action filter\'s first choice: no filter.' },
  from: { id: 'admin.auditFilters.from', defaultMessage: 'From', description: 'Filter: the earliest time.' },
  to: { id: 'admin.auditFilters.to', defaultMessage: 'To', description: 'Filter: the latest time.' },
  apply: { id: 'admin.auditFilters.apply', defaultMessage: 'Apply filters', description: 'Button: show the entries matching the filters.' },
  clear: { id: 'admin.auditFilters.clear', defaultMessage: 'Clear', description: 'Button: empty every filter.' },
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A datetime-local value (the administrator's own clock) as an ISO instant, and back. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : undefined);
function toLocal(iso?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * The trail's filters; each breach question is one of them: everything an actor did between two times (actor, from,
 * to), everyone who read or changed a member's data (member).
 */
export function AuditFilterForm({ value, onChange }: { value: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const intl = useIntl();
  const [actorId, setActorId] = useState(value.actorId ?? '');
  const [memberId, setMemberId] = useState(value.memberId ?? '');
  const [action, setAction] = useState(value.action ?? '');
  const [from, setFrom] = useState(toLocal(value.from));
  const [to, setTo] = useState(toLocal(value.to));
  const badId = (id: string) => (id && !UUID.test(id.trim()) ? intl.formatMessage(m.badId) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (badId(actorId) || badId(memberId)) return;
    onChange({
      actorId: actorId.trim() || undefined, memberId: memberId.trim() || undefined, action: action || undefined,
      from: toInstant(from), to: toInstant(to),
    });
  };

  return (
    <form onSubmit={submit} aria-label={intl.formatMessage(m.form)}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput label={intl.formatMessage(m.actor)} value={actorId} onChange={(e) => setActorId(e.currentTarget.value)} error={badId(actorId)} />
        <TextInput label={intl.formatMessage(m.member)} value={memberId} onChange={(e) => setMemberId(e.currentTarget.value)} error={badId(memberId)} />
        <NativeSelect label={intl.formatMessage(m.action)} value={action} onChange={(e) => setAction(e.currentTarget.value)}
          data={[{ value: '', label: intl.formatMessage(m.anyAction) }, ...Object.entries(ACTIONS).map(([v, label]) => ({ value: v, label: intl.formatMessage(label) }))]} />
        <TextInput type="datetime-local" label={intl.formatMessage(m.from)} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="datetime-local" label={intl.formatMessage(m.to)} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit">{intl.formatMessage(m.apply)}</Button>
        <Button variant="default" onClick={() => {
          setActorId(''); setMemberId(''); setAction(''); setFrom(''); setTo('');
          onChange({});
        }}>{intl.formatMessage(m.clear)}</Button>
      </Group>
    </form>
  );
}
