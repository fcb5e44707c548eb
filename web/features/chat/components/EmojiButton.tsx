import { Component, lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { ActionIcon, Center, Loader, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { EmojiClickData, EmojiStyle, PickerProps } from 'emoji-picker-react';
import { SmileIcon } from './icons.tsx';
import { emojiText, QUICK_REACTIONS_GROUP, QUICK_REACTIONS_NAME, quickReactionEmojis } from './quickReactions.ts';

// The picker's categories by their string values (the library's enum would pull it into this chunk): the quick
// reactions first, then recently used and the library's eight, 10 in all as the spec has it.
const CATEGORIES = [
  { category: 'custom', name: QUICK_REACTIONS_NAME, group: QUICK_REACTIONS_GROUP },
  { category: 'suggested', name: 'Recently used' },
  { category: 'smileys_people', name: 'Smileys & People' },
  { category: 'animals_nature', name: 'Animals & Nature' },
  { category: 'food_drink', name: 'Food & Drink' },
  { category: 'travel_places', name: 'Travel & Places' },
  { category: 'activities', name: 'Activities' },
  { category: 'objects', name: 'Objects' },
  { category: 'symbols', name: 'Symbols' },
  { category: 'flags', name: 'Flags' },
] as unknown as PickerProps['categories'];

// Its own chunk, fetched the first time the picker opens.
const EmojiPicker = lazy(async () => {
  const mod = await import('emoji-picker-react');
  // The bundler gives the ES module (component as default); the package's CommonJS typings put it one level down.
  const picker = (mod.default as unknown as { default?: unknown }).default ?? mod.default;
  return { default: picker as ComponentType<PickerProps> };
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

export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const button = useRef<HTMLButtonElement>(null);
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
        <ActionIcon ref={button} variant="subtle" color="gray.7" size="lg" aria-label="Add emoji" aria-expanded={opened} onClick={toggle}>
          <SmileIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <HideOnError>
          <Suspense fallback={<Center w={300} h={380}><Loader size="sm" aria-label="Loading emoji" /></Center>}>
            <EmojiPicker
              emojiStyle={NATIVE}
              width={300}
              height={380}
              lazyLoadEmojis
              previewConfig={{ showPreview: false }}
              categories={CATEGORIES}
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
