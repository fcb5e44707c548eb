// A Markdown image must not make the reader's browser load anything.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mentionMarkup } from '../../common/mentions.ts';
import { linkMentions, Markdown } from './Markdown.tsx';

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

describe('Markdown mentions', () => {
  const id = '0b6f3c2e-8d1a-4c55-9a9e-2f1d3c4b5a69';
  const inRouter = (text: string) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markdown, { children: text })));

  it('renders a stored mention as a link to the profile, named "@Name", in place', () => {
    const html = inRouter(`Thanks ${mentionMarkup('Amara Okafor', id)}, agreed.`);
    expect(html).toContain(`Thanks <a href="/profile/${id}" data-discover="true">@Amara Okafor</a>, agreed.`);
    expect(html).not.toContain('user:');
  });

  it('reads a name with Markdown characters as itself', () => {
    const html = inRouter(mentionMarkup('*Zoë* O_Neil <b>', id));
    expect(html).toContain(`<a href="/profile/${id}" data-discover="true">@*Zoë* O_Neil &lt;b&gt;</a>`);
    expect(html).not.toMatch(/<em>|<b>/);
  });

  it('leaves look-alikes without a member id as text, and other links as they were', () => {
    const html = inRouter('@[Someone](user:not-an-id) and [site](https://example.org)');
    expect(html).not.toContain('/profile/');
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
  });

  it('turns the markup into Markdown with the shared parser', () => {
    expect(linkMentions(`a ${mentionMarkup('Liam Chen', id)} b`)).toBe(`a [@Liam Chen](/profile/${id}) b`);
  });
});
