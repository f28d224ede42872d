import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/web/views/coach/Markdown';

/** The rendered answer without Mantine's style tags and class names. */
const render = (text: string) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(Markdown, { text })))
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/ (class|style|data-[a-z-]+|dir)="[^"]*"/g, '');

describe('the coach Markdown renderer (react-markdown, no raw HTML)', () => {
  it('shows HTML as text and builds no element from it', () => {
    const html = render('<img src=x onerror="alert(1)"> <script>alert(2)</script> <a href="javascript:alert(3)">x</a> **bold**');
    expect(html).not.toMatch(/<(img|script|a)\b/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('<strong>bold</strong>');
  });

  it('links only http(s); other links and images stay the Markdown they were written as', () => {
    const html = render('[ok](https://example.com/a) [bad](javascript:alert(1)) [data](data:text/html,x) ![pic](https://example.com/p.png)');
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">ok</a>');
    expect(html.match(/<a\b/g)).toHaveLength(1);
    expect(html).toContain('[bad](javascript:alert(1))');
    expect(html).toContain('[data](data:text/html,x)');
    expect(html).toContain('![pic](https://example.com/p.png)');
  });

  it("opens a figure's link to the transactions list in the app, and no other path", () => {
    const html = render('You spent [**$12.50**](/transactions?type=expense&category=Groceries&date_from=2026-10-01&date_to=2026-10-31) and [x](/settings?a=1)');
    expect(html).toContain('<a href="/transactions?type=expense&amp;category=Groceries&amp;date_from=2026-10-01&amp;date_to=2026-10-31" title="Show these transactions"><strong>$12.50</strong></a>');
    expect(html.match(/<a\b/g)).toHaveLength(1);
    expect(html).toContain('[x](/settings?a=1)');
  });

  it("opens a budget row's link on /budget in the app", () => {
    const html = render('Set it on [**Dining** on Budget](/budget?month=2025-06&category=Dining).');
    expect(html).toContain('<a href="/budget?month=2025-06&amp;category=Dining" title="Show on Budget"><strong>Dining</strong> on Budget</a>');
  });

  it('keeps line breaks, • bullets, numbered lists, code and quotes', () => {
    const html = render('one\ntwo\n\n• a\n• b\n\n3. c\n4. d\n\n```\nx <b>\n```\n\n> said `z`');
    expect(html).toContain('one<br/>\ntwo');
    expect(html).toMatch(/<ul>\s*<li><div><span>a<\/span><\/div><\/li>/);
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<pre>x &lt;b&gt;</pre>');
    expect(html).toMatch(/<blockquote>[\s\S]*said <code>z<\/code>/);
  });
});
