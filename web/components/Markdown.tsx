import ReactMarkdown from 'react-markdown';

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

/** Markdown without raw HTML; links only to http(s) and mail, so `javascript:` never runs. */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        urlTransform={(url) => (SAFE_PROTOCOL.test(url) || url.startsWith('/') || url.startsWith('#') ? url : '')}
        components={{ a: ({ node: _node, children, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer">{children}</a> }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
