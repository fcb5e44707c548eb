import { ActionIcon, Button, Combobox, Kbd, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys } from '@mantine/hooks';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import type { SearchGroup, SearchItem, SearchKind } from '../../../common/search.ts';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useOptionLabels, type OptionLabels } from '../../lib/option-labels.ts';
import { useQuickSearch } from './api.ts';

const SearchIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
    strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" />
  </svg>
);

const m = defineMessages({
  search: { id: 'search.quick.open', defaultMessage: 'Search', description: 'Top bar button (and phone icon) that opens the quick search; also the dialog title' },
  close: { id: 'search.quick.close', defaultMessage: 'Close search', description: 'Accessible name of the quick search dialog close button' },
  shortcutMac: { id: 'search.quick.shortcutMac', defaultMessage: '⌘ K', description: 'The keyboard shortcut shown on the search button on a Mac' },
  shortcut: { id: 'search.quick.shortcut', defaultMessage: 'Ctrl K', description: 'The keyboard shortcut shown on the search button (Control and K)' },
  label: { id: 'search.quick.label', defaultMessage: 'Search therapists, posts, communities and resources', description: 'Label of the quick search box' },
  placeholder: { id: 'search.quick.placeholder', defaultMessage: 'Type a name or a few words', description: 'Placeholder of the quick search box' },
  results: { id: 'search.quick.results', defaultMessage: 'Search results', description: 'Accessible name of the list of quick search results' },
  start: { id: 'search.quick.start', defaultMessage: 'Start typing to search.', description: 'Status line before anything is typed' },
  searching: { id: 'search.quick.searching', defaultMessage: 'Searching…', description: 'Status line while results load' },
});
const mv = defineMessages<{ none: { q: string }; count: { count: number }; all: { group: string; q: string } }>({
  none: { id: 'search.quick.none', defaultMessage: 'No matches for “{q}”.', description: 'Status line when nothing matched; q is what was typed' },
  count: { id: 'search.quick.count', defaultMessage: '{count, plural, one {# match} other {# matches}}. Use the arrow keys to choose, Enter to open.', description: 'Status line with the number of results and how to choose one' },
  all: { id: 'search.quick.all', defaultMessage: 'All {group} matching “{q}”', description: 'Last option of a result group: see every result of that kind; group is the kind in lower case (therapists, posts)' },
});

/** The groups' names, by their kind. */
const GROUP_MESSAGES = defineMessages({
  therapists: { id: 'search.quick.group.therapists', defaultMessage: 'Therapists', description: 'Heading of the therapists among the quick search results' },
  posts: { id: 'search.quick.group.posts', defaultMessage: 'Posts', description: 'Heading of the forum posts among the quick search results' },
  communities: { id: 'search.quick.group.communities', defaultMessage: 'Communities', description: 'Heading of the communities among the quick search results' },
  resources: { id: 'search.quick.group.resources', defaultMessage: 'Resources', description: 'Heading of the resources among the quick search results' },
}) satisfies Record<SearchKind, unknown>;
const members = defineMessages<{ members: { count: number } }>({
  members: { id: 'search.quick.members', defaultMessage: '{count, plural, one {# member} other {# members}}', description: 'Under a community in the quick search results: its number of members' },
});

/** The line under a result, from its values (common/search.ts) in the reader's language: names as they are written. */
function detailOf(intl: IntlShape, labels: OptionLabels, item: SearchItem): string {
  const parts = [
    item.profession, item.location, item.community, item.author,
    item.membersCount === undefined ? undefined : intl.formatMessage(members.members, { count: item.membersCount }),
    item.category && labels.resourceCategory(item.category),
  ];
  return parts.filter(Boolean).join(' · ');
}

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The top bar's one search box, for verified members: a button (an icon on a phone) and Ctrl+K / Cmd+K
 * from anywhere open it. Mantine Combobox (decision 0075): an input with role combobox over a listbox of groups;
 * arrow keys move, Enter opens, Escape closes and focus goes back where it was.
 */
export default function QuickSearch() {
  const { user } = useSession();
  const member = isVerified(user);
  const [opened, { open, close }] = useDisclosure(false);
  const intl = useIntl();
  // Also from inside text fields: Ctrl+K types nothing there.
  useHotkeys(member ? [['mod+K', open]] : [], []);
  if (!member) return null;
  const shortcut = intl.formatMessage(onMac() ? m.shortcutMac : m.shortcut);
  return (
    <>
      {/* Named by its text alone: the shortcut beside it is shown, and told by aria-keyshortcuts. */}
      <Button visibleFrom="sm" variant="default" color="dark" onClick={open} aria-keyshortcuts="Control+K Meta+K"
        leftSection={<SearchIcon />} rightSection={<Kbd size="xs" aria-hidden>{shortcut}</Kbd>} fw={500}>
        {intl.formatMessage(m.search)}
      </Button>
      <ActionIcon hiddenFrom="sm" variant="subtle" color="dark" size="lg" onClick={open} aria-label={intl.formatMessage(m.search)}
        aria-keyshortcuts="Control+K Meta+K">
        <SearchIcon />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={intl.formatMessage(m.search)} size="lg" yOffset="8vh" returnFocus
        closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
        {opened && <SearchPanel onDone={close} />}
      </Modal>
    </>
  );
}

function SearchPanel({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const result = useQuickSearch(debounced);
  const store = useCombobox();
  const groups = text.trim() ? (result.data?.groups ?? []).filter((g) => g.items.length > 0) : [];
  const shown = groups.length > 0;

  // The list opens with the first answer; ArrowDown then chooses its first result (aria-activedescendant follows).
  useEffect(() => {
    if (shown) store.openDropdown();
    else store.closeDropdown();
    // The store is a new object each render; what matters is whether there are results.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  // New results: no choice carried over from the old ones.
  useEffect(() => {
    store.resetSelectedOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result.data]);

  const go = (href: string) => {
    onDone();
    void navigate(href);
  };
  // Escape closes the whole box at once (not only the list), and the modal gives focus back.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <Combobox store={store} onOptionSubmit={go} withinPortal={false}>
      <Combobox.Target withExpandedAttribute>
        <TextInput data-autofocus label={intl.formatMessage(m.label)} placeholder={intl.formatMessage(m.placeholder)}
          value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKeyDown} maxLength={100}
          leftSection={<SearchIcon />} autoComplete="off" />
      </Combobox.Target>
      <Text role="status" size="sm" c="dark.5" mt="xs">{statusText(intl, text.trim(), debounced, result.isFetching, groups)}</Text>
      {/* The list is laid out in the dialog itself rather than floated over it, where the dialog would clip it. */}
      {shown && (
        // Focusable, so that a keyboard can scroll a list taller than the dialog (the arrows in the box move the choice).
        <Combobox.Options aria-label={intl.formatMessage(m.results)} mt="xs" mah="min(60vh, 480px)" p={4} tabIndex={0}
          style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}>
          {groups.map((g) => <ResultGroup key={g.kind} group={g} q={debounced} />)}
        </Combobox.Options>
      )}
    </Combobox>
  );
}

function ResultGroup({ group, q }: { group: SearchGroup; q: string }) {
  const intl = useIntl();
  const labels = useOptionLabels();
  const label = intl.formatMessage(GROUP_MESSAGES[group.kind]);
  const detail = (item: SearchItem) => detailOf(intl, labels, item);
  return (
    <Combobox.Group label={label}>
      {group.items.map((item) => (
        <Combobox.Option key={item._id} value={item.href}>
          <Text size="sm" fw={600} lineClamp={1}>{item.title}</Text>
          {/* Colours inherited: a chosen option is drawn in the theme's filled colours. */}
          {detail(item) && <Text size="xs" lineClamp={1}>{detail(item)}</Text>}
        </Combobox.Option>
      ))}
      <Combobox.Option value={group.href}>
        <Text size="sm" td="underline">{intl.formatMessage(mv.all, { group: label.toLocaleLowerCase(intl.locale), q })}</Text>
      </Combobox.Option>
    </Combobox.Group>
  );
}

function statusText(intl: IntlShape, typed: string, asked: string, fetching: boolean, groups: SearchGroup[]): string {
  if (!typed) return intl.formatMessage(m.start);
  if (fetching || typed !== asked) return intl.formatMessage(m.searching);
  if (groups.length === 0) return intl.formatMessage(mv.none, { q: asked });
  const count = groups.reduce((sum, g) => sum + g.items.length, 0);
  return intl.formatMessage(mv.count, { count });
}
