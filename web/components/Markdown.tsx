import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { splitMentions } from '../../common/mentions.ts';

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;
// Links written by members: no referrer to the other host, no ranking credit, no handle on this window.
const MEMBER_LINK_REL = 'noopener noreferrer nofollow ugc';

function MemberLink({ href, children }: { href?: string; children: ReactNode }) {
  return <a href={href} target="_blank" rel={MEMBER_LINK_REL}>{children}</a>;
}

// Any ASCII punctuation may be escaped in CommonMark: a name then reads as itself, never as emphasis or a link.
const escapeMarkdown = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&');

/**
 * Each stored mention (`@[Amara Okafor](user:<id>)`, common/mentions.ts) becomes a Markdown link to the member's
 * profile, "@Amara Okafor"; the rest of the text is left as written.
 */
export function linkMentions(text: string): string {
  return splitMentions(text)
    .map((s) => (s.kind === 'text' ? s.text : `[@${escapeMarkdown(s.name)}](/profile/${s.userId})`))
    .join('');
}

const components: Components = {
  // A path inside the app (a mention's profile link) opens in place; anything else is a member's link elsewhere.
  a: ({ href, children }) => (href?.startsWith('/') && !href.startsWith('//')
    ? <Link to={href}>{children}</Link>
    : <MemberLink href={href}>{children}</MemberLink>),
  // An image would make every reader's browser fetch from a host the author chose (a tracker, a link-local
  // address), so it becomes a link the reader may choose to follow: its alt text, or the address itself.
  img: ({ src, alt }) => {
    const href = typeof src === 'string' && src !== '' ? src : undefined;
    const text = alt || href || '';
    return href ? <MemberLink href={href}>{text}</MemberLink> : <>{text}</>;
  },
};

/**
 * Markdown without raw HTML and without images; links only to http(s), mail and paths of this app, so `javascript:`
 * never runs. Mentions of members link to their profiles.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        urlTransform={(url) => (SAFE_PROTOCOL.test(url) || url.startsWith('/') || url.startsWith('#') ? url : '')}
        components={components}
      >
        {linkMentions(children)}
      </ReactMarkdown>
    </div>
  );
}
