import type { AppContext } from '../../context.ts';

export function chatRealtime(_ctx: AppContext): void {
  // Chat events are added by the chat issue.
}
