import { Fragment } from 'react';
import { splitHighlight } from '../tree.ts';

// Emphasis, heading and quote marks of Markdown, which a search excerpt shows as plain text.
const MARKDOWN_MARKS = /[*_`#>~]+/g;

/**
 * A search highlight: the matched words in <mark>, everything else as plain text (never parsed as HTML).
 * `plain` drops Markdown's marks from an excerpt of Markdown content.
 */
export function Highlighted({ text, plain = false }: { text: string; plain?: boolean }) {
  const clean = (s: string) => (plain ? s.replace(MARKDOWN_MARKS, '') : s);
  return (
    <>
      {splitHighlight(text).map((part, i) => (part.marked
        ? <mark key={i}>{clean(part.text)}</mark>
        : <Fragment key={i}>{clean(part.text)}</Fragment>))}
    </>
  );
}
