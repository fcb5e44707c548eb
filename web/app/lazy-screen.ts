import { createElement, lazy, type ComponentType } from 'react';

type Props = Record<string, unknown>;
export type LazyScreen<P extends Props> = ComponentType<P> & { load: () => Promise<unknown> };

/**
 * A screen in its own chunk, like React.lazy, that can be loaded before it is first drawn: once loaded, it is drawn at
 * once instead of suspending for a moment (React.lazy always does on first use, which costs a phone a "Loading..."
 * frame and a render per level: the layout, then the screen). See preloadMemberScreen in routes.tsx.
 */
export function lazyScreen<P extends Props>(factory: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => {
    loading ??= factory().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(load);
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { load });
}
