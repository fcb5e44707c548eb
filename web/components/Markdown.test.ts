// Issue 13, finding 14: a Markdown image must not make the reader's browser load anything.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { children: text }));

describe('Markdown', () => {
  it('renders an image as a link named by its alt text, never as <img>', () => {
    const html = render('Look: ![a chart](https://tracker.example/pixel.png)');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('<a href="https://tracker.example/pixel.png" target="_blank" rel="noopener noreferrer nofollow ugc">a chart</a>');
  });

  it('names the link by the address when there is no alt text', () => {
    const html = render('![](http://169.254.169.254/latest/meta-data)');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('>http://169.254.169.254/latest/meta-data</a>');
  });

  it('keeps only the alt text of an image with an unsafe address, and refuses reference and HTML images too', () => {
    const html = render('![x](javascript:alert(1)) ![ref][r] <img src="https://evil.example/a.png">\n\n[r]: https://evil.example/b.png');
    expect(html).not.toMatch(/<img|javascript:/i);
    expect(html).toContain('>ref</a>');
  });

  it('marks member links as user content', () => {
    expect(render('[site](https://example.org)')).toContain('rel="noopener noreferrer nofollow ugc"');
  });
});
