import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import { ActionIcon, Center, Loader, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { EmojiClickData, EmojiStyle, PickerProps } from 'emoji-picker-react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import { SmileIcon } from './icons.tsx';
import { emojiText, QUICK_REACTIONS_GROUP, quickReactionEmojis } from './quickReactions.ts';

const m = withValues(defineMessages({
  add: { id: 'chat.emoji.add', defaultMessage: 'Add emoji', description: 'Accessible name of the button opening the emoji picker' },
  loading: { id: 'chat.emoji.loading', defaultMessage: 'Loading emoji', description: 'Accessible name of the spinner while the emoji picker loads' },
  search: { id: 'chat.emoji.search', defaultMessage: 'Search', description: 'Placeholder of the emoji picker\'s search field' },
  clear: { id: 'chat.emoji.clear', defaultMessage: 'Clear', description: 'Accessible name of the button clearing the emoji picker\'s search' },
  quick: { id: 'chat.emoji.quick', defaultMessage: 'Quick reactions', description: 'Emoji picker category: the seven quick reactions' },
  suggested: { id: 'chat.emoji.suggested', defaultMessage: 'Recently used', description: 'Emoji picker category: emoji the member used lately' },
  smileys: { id: 'chat.emoji.smileys', defaultMessage: 'Smileys & People', description: 'Emoji picker category' },
  animals: { id: 'chat.emoji.animals', defaultMessage: 'Animals & Nature', description: 'Emoji picker category' },
  food: { id: 'chat.emoji.food', defaultMessage: 'Food & Drink', description: 'Emoji picker category' },
  travel: { id: 'chat.emoji.travel', defaultMessage: 'Travel & Places', description: 'Emoji picker category' },
  activities: { id: 'chat.emoji.activities', defaultMessage: 'Activities', description: 'Emoji picker category' },
  objects: { id: 'chat.emoji.objects', defaultMessage: 'Objects', description: 'Emoji picker category' },
  symbols: { id: 'chat.emoji.symbols', defaultMessage: 'Symbols', description: 'Emoji picker category' },
  flags: { id: 'chat.emoji.flags', defaultMessage: 'Flags', description: 'Emoji picker category: national and other flags' },
  searchLabel: { id: 'chat.emoji.searchLabel', defaultMessage: 'Type to search for an emoji', description: 'Accessible name of the emoji picker\'s search field' },
  categoryNav: { id: 'chat.emoji.categoryNav', defaultMessage: 'Category navigation', description: 'Accessible name of the emoji picker\'s row of category tabs' },
  results: { id: 'chat.emoji.results', defaultMessage: '{count, plural, =0 {No results found} one {# result found. Use the up and down arrow keys to move through it.} other {# results found. Use the up and down arrow keys to move through them.}}', description: 'Read by screen readers as a search of the emoji picker is typed; {count} is how many emoji match.' },
  toneneutral: { id: 'chat.emoji.toneNeutral', defaultMessage: 'Skin tone: default', description: 'Accessible name of the emoji picker\'s skin tone choice: the default yellow' },
  tone1f3fb: { id: 'chat.emoji.toneLight', defaultMessage: 'Skin tone: light', description: 'Accessible name of an emoji skin tone choice' },
  tone1f3fc: { id: 'chat.emoji.toneMediumLight', defaultMessage: 'Skin tone: medium-light', description: 'Accessible name of an emoji skin tone choice' },
  tone1f3fd: { id: 'chat.emoji.toneMedium', defaultMessage: 'Skin tone: medium', description: 'Accessible name of an emoji skin tone choice' },
  tone1f3fe: { id: 'chat.emoji.toneMediumDark', defaultMessage: 'Skin tone: medium-dark', description: 'Accessible name of an emoji skin tone choice' },
  tone1f3ff: { id: 'chat.emoji.toneDark', defaultMessage: 'Skin tone: dark', description: 'Accessible name of an emoji skin tone choice' },
}));

/** The picker's skin tones by the class it gives each choice (epr-tone-1f3fb...). */
const TONES = ['neutral', '1f3fb', '1f3fc', '1f3fd', '1f3fe', '1f3ff'] as const;

// The picker's categories by their string values (the library's enum would pull it into this chunk): the quick
// reactions first, then recently used and the library's eight, 10 in all as the spec has it.
const CATEGORIES = [
  ['custom', m.quick], ['suggested', m.suggested], ['smileys_people', m.smileys], ['animals_nature', m.animals],
  ['food_drink', m.food], ['travel_places', m.travel], ['activities', m.activities], ['objects', m.objects],
  ['symbols', m.symbols], ['flags', m.flags],
] as const;

// Its own chunk, fetched the first time the picker opens.
const loadPicker = async () => {
  const mod = await import('emoji-picker-react');
  // The bundler gives the ES module (component as default); the package's CommonJS typings put it one level down.
  const picker = (mod.default as unknown as { default?: unknown }).default ?? mod.default;
  return picker as ComponentType<PickerProps>;
};
const EmojiPicker = lazy(async () => ({ default: await loadPicker() }));
// In French, with the library's own French emoji names (its `emojiData` option): a French reader searches « cœur » and
// hears each emoji's French name. Fetched with the picker, for French readers only.
const FrenchEmojiPicker = lazy(async () => {
  const [Picker, data] = await Promise.all([loadPicker(), import('emoji-picker-react/dist/data/emojis-fr.json')]);
  return { default: (props: PickerProps) => <Picker {...props} emojiData={data.default as PickerProps['emojiData']} /> };
});

// Native emoji are text: no images from a CDN, which the Content-Security-Policy would block anyway.
const NATIVE = 'native' as EmojiStyle;

/** The spec: a failed emoji picker render shows nothing. */
class HideOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What the library says in English with no option to change it: its search field's and category tabs' names, the
 * skin tones' names and the count of results read to screen readers as a search is typed. Said in the reader's
 * language once the picker draws them, and again whenever it rewrites them (the status's text node is changed in
 * place, so React's own updates of it land and are said again).
 */
function useLibraryTexts(intl: IntlShape) {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((box: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!box) return;
    const say = () => {
      box.querySelector('.epr-search-container input')?.setAttribute('aria-label', intl.formatMessage(m.searchLabel));
      box.querySelector('[role="tablist"]')?.setAttribute('aria-label', intl.formatMessage(m.categoryNav));
      for (const tone of TONES) box.querySelector(`.epr-tone-${tone}`)?.setAttribute('aria-label', intl.formatMessage(m[`tone${tone}`]));
      const status = box.querySelector('.epr-status-search-results')?.firstChild;
      const english = status?.nodeValue?.match(/^(?:(\d+) results?|No results) found/);
      if (status && english) status.nodeValue = intl.formatMessage(m.results, { count: Number(english[1] ?? 0) });
    };
    say();
    observer.current = new MutationObserver(say);
    observer.current.observe(box, { childList: true, subtree: true, characterData: true });
  }, [intl]);
}

export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const intl = useIntl();
  const categories = useMemo(() => CATEGORIES.map(([category, name]) => ({
    category, name: intl.formatMessage(name), ...(category === 'custom' ? { group: QUICK_REACTIONS_GROUP } : {}),
  })) as unknown as PickerProps['categories'], [intl]);
  const [opened, { toggle, close }] = useDisclosure(false);
  const button = useRef<HTMLButtonElement>(null);
  const Picker = intl.locale.startsWith('fr') ? FrenchEmojiPicker : EmojiPicker;
  const named = useLibraryTexts(intl);
  // The picker's search box takes Escape for itself, so the popover never closed nor returned focus. The document's
  // capture phase runs before any listener of the picker: close there and give focus back to the button.
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
      setTimeout(() => button.current?.focus(), 0);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [opened, close]);
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="top-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <ActionIcon ref={button} variant="subtle" color="gray.7" size="lg" aria-label={intl.formatMessage(m.add)} aria-expanded={opened} onClick={toggle}>
          <SmileIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} ref={named}>
        <HideOnError>
          <Suspense fallback={<Center w={300} h={380}><Loader size="sm" aria-label={intl.formatMessage(m.loading)} /></Center>}>
            <Picker
              emojiStyle={NATIVE}
              width={300}
              height={380}
              lazyLoadEmojis
              previewConfig={{ showPreview: false }}
              categories={categories}
              searchPlaceholder={intl.formatMessage(m.search)}
              searchClearButtonLabel={intl.formatMessage(m.clear)}
              customEmojis={quickReactionEmojis}
              onEmojiClick={(data: EmojiClickData) => {
                const text = emojiText(data);
                if (text) onPick(text);
                close();
              }}
            />
          </Suspense>
        </HideOnError>
      </Popover.Dropdown>
    </Popover>
  );
}
