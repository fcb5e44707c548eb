import { Combobox, Group, Text, Textarea, useCombobox, VisuallyHidden, type TextareaProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { mentionMarkup, type Mention } from '../../../../common/mentions.ts';
import type { MentionSuggestion } from '../../../../common/notifications.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useMentionSuggestions } from '../api.ts';
import { markupFromDisplay, mentionDisplay, mentionEndingAt, mentionsIn } from './mentionText.ts';
import { findMentionTrigger, insertMention, type MentionTrigger } from './mentionTrigger.ts';

const m = defineMessages<{ status: { count: number }; list: Record<never, never> }>({
  status: { id: 'forums.mention.status', defaultMessage: '{count, plural, one {# member to mention: use the arrow keys, then Enter.} other {# members to mention: use the arrow keys, then Enter.}}', description: 'Read by screen readers when members to mention are suggested while typing "@".' },
  list: { id: 'forums.mention.list', defaultMessage: 'Members to mention', description: 'Accessible name of the list of members suggested after "@".' },
});

type Props = Omit<TextareaProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

/**
 * A textarea where "@" and the start of a name suggest verified members. `value` and `onChange` carry the stored
 * markup (common/mentions.ts); the member sees and edits "@Name" (docs/decisions/0168), and Backspace right after a
 * mention removes it whole. Keyboard first: the arrow keys move through the list, Enter or Tab picks, Escape closes; the
 * textarea keeps the focus and points at the highlighted member (aria-activedescendant), as an autocomplete textbox.
 */
export function MentionTextarea({ value, onChange, onKeyDown, ...textareaProps }: Props) {
  const intl = useIntl();
  const ref = useRef<HTMLTextAreaElement>(null);
  // Members picked in this editor: with those already in the text, what "@Name" maps back to.
  const [picked, setPicked] = useState<Mention[]>([]);
  const known = [...mentionsIn(value), ...picked];
  const shown = mentionDisplay(value);
  const [trigger, setTrigger] = useState<MentionTrigger | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  // The highlighted member, for the list it was chosen in: a new list starts at its first (best) match.
  const [highlight, setHighlight] = useState({ list: '', index: 0 });
  const [q] = useDebouncedValue(trigger?.query ?? '', 150);
  const wanted = Boolean(trigger?.query && q && trigger.start !== dismissed);
  const suggestions = useMentionSuggestions(q, wanted);
  const members = wanted ? (suggestions.data?.users ?? []) : [];
  const open = members.length > 0;
  const combobox = useCombobox({ opened: open });
  const listId = useId();
  const optionId = (member: MentionSuggestion) => `${listId}-${member._id}`;
  const listKey = members.map((member) => member._id).join();
  const active = highlight.list === listKey ? highlight.index : 0;
  const move = (step: number) => setHighlight({ list: listKey, index: (active + step + members.length) % members.length });

  const follow = (element: HTMLTextAreaElement) => setTrigger(findMentionTrigger(element.value, element.selectionStart));

  const placeCaret = (element: HTMLTextAreaElement, caret: number) => requestAnimationFrame(() => {
    element.focus();
    element.setSelectionRange(caret, caret);
  });

  const pick = (member: MentionSuggestion) => {
    const element = ref.current;
    if (!element || !trigger) return;
    // The name as the markup will hold it (brackets and line breaks taken out), so the shown text maps back.
    const [mention] = mentionsIn(mentionMarkup(member.name, member._id));
    const next = insertMention(shown, trigger, element.selectionStart, `@${mention.name}`);
    setPicked((list) => [...list, mention]);
    onChange(markupFromDisplay(next.text, [...known, mention]));
    setTrigger(null);
    placeCaret(element, next.caret);
  };

  /** Backspace right after a whole "@Name": the mention goes at once, not one letter at a time. */
  const removeMentionBefore = (element: HTMLTextAreaElement): boolean => {
    if (element.selectionStart !== element.selectionEnd) return false;
    const hit = mentionEndingAt(shown, element.selectionStart, known);
    if (!hit) return false;
    onChange(markupFromDisplay(shown.slice(0, hit.start) + shown.slice(hit.end), known));
    placeCaret(element, hit.start);
    return true;
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        pick(members[active]);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only, not a dialog around the form; it stays closed until another "@".
        event.preventDefault();
        event.stopPropagation();
        setDismissed(trigger?.start ?? null);
        return;
      }
    }
    if (event.key === 'Backspace' && removeMentionBefore(event.currentTarget)) {
      event.preventDefault();
      return;
    }
    onKeyDown?.(event);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(id) => {
      const member = members.find((one) => one._id === id);
      if (member) pick(member);
    }} position="bottom-start" withinPortal={false}>
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <Textarea
          {...textareaProps} ref={ref} value={shown}
          aria-autocomplete="list" aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(members[active]) : undefined}
          onChange={(e) => { onChange(markupFromDisplay(e.currentTarget.value, known)); follow(e.currentTarget); }}
          onSelect={(e) => follow(e.currentTarget)} onKeyDown={keys} onBlur={() => setTrigger(null)}
        />
      </Combobox.Target>
      <VisuallyHidden role="status">
        {open ? intl.formatMessage(m.status, { count: members.length }) : ''}
      </VisuallyHidden>
      <Combobox.Dropdown>
        <Combobox.Options id={listId} aria-label={intl.formatMessage(m.list)}>
          {members.map((member, i) => (
            <Combobox.Option key={member._id} id={optionId(member)} value={member._id} selected={i === active} aria-selected={i === active}
              onMouseOver={() => setHighlight({ list: listKey, index: i })}>
              <Group gap="xs" wrap="nowrap">
                <UserAvatar name={member.name} src={member.avatar} size="sm" aria-hidden="true" />
                <Text size="sm" translate="no">{member.name}</Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
