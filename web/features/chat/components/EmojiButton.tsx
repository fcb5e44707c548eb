import { Component, lazy, Suspense, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Center, Loader, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { EmojiClickData, EmojiStyle, PickerProps } from 'emoji-picker-react';
import { SmileIcon } from './icons.tsx';

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
  // The picker's search box takes Escape for itself, so the popover never returned focus: close and return it here.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
    button.current?.focus();
  };
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="top-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <ActionIcon ref={button} variant="subtle" color="gray.7" size="lg" aria-label="Add emoji" aria-expanded={opened} onClick={toggle}>
          <SmileIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} onKeyDownCapture={onKeyDownCapture}>
        <HideOnError>
          <Suspense fallback={<Center w={300} h={380}><Loader size="sm" aria-label="Loading emoji" /></Center>}>
            <EmojiPicker
              emojiStyle={NATIVE}
              width={300}
              height={380}
              lazyLoadEmojis
              previewConfig={{ showPreview: false }}
              onEmojiClick={(data: EmojiClickData) => {
                onPick(data.emoji);
                close();
              }}
            />
          </Suspense>
        </HideOnError>
      </Popover.Dropdown>
    </Popover>
  );
}
