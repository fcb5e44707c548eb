import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;
// Links written by members: no referrer to the other host, no ranking credit, no handle on this window.
const MEMBER_LINK_REL = 'noopener noreferrer nofollow ugc';

function MemberLink({ href, children }: { href?: string; children: ReactNode }) {
  return <a href={href} target="_blank" rel={MEMBER_LINK_REL}>{children}</a>;
}

const components: Components = {
  a: ({ href, children }) => <MemberLink href={href}>{children}</MemberLink>,
  // An image would make every reader's browser fetch from a host the author chose (a tracker, a link-local
  // address), so it becomes a link the reader may choose to follow: its alt text, or the address itself.
  img: ({ src, alt }) => {
    const href = typeof src === 'string' && src !== '' ? src : undefined;
    const text = alt || href || '';
    return href ? <MemberLink href={href}>{text}</MemberLink> : <>{text}</>;
  },
};

/** Markdown without raw HTML and without images; links only to http(s) and mail, so `javascript:` never runs. */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        urlTransform={(url) => (SAFE_PROTOCOL.test(url) || url.startsWith('/') || url.startsWith('#') ? url : '')}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
