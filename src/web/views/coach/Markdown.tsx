import { Anchor, Code, List, Text } from '@mantine/core';
import { createContext, memo, useContext, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router-dom';
import remarkBreaks from 'remark-breaks';

/**
 * Coach answers as Markdown, parsed by react-markdown (CommonMark, through remark) into React
 * elements: no HTML string is ever injected. Raw HTML in a message (or from a model) shows as the
 * text it is; only http(s) links become links (opened in a new tab, no referrer), a figure's link
 * to the transactions list (or a budget row) opens it in the app, and a link to
 * anything else, or an image, shows as the Markdown it was written in. Single line breaks are kept
 * (remark-breaks), and "•" bullets, which models write, count as list items.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const source = text.replace(/\r\n?/g, '\n').replace(/^(\s*)•\s+/gm, '$1- ');
  return (
    <Source.Provider value={source}>
      <ReactMarkdown remarkPlugins={plugins} components={components} urlTransform={keepUrl}>
        {source}
      </ReactMarkdown>
    </Source.Provider>
  );
});

/** The text being rendered, for the elements shown as written. */
const Source = createContext('');
const plugins = [remarkBreaks];

/** URLs reach the `a` component as written; it alone decides (nothing else renders a URL). */
const keepUrl = (url: string) => url;
const isWebUrl = (url: string | undefined) => !!url && /^https?:\/\/[^\s]+$/i.test(url);
/** A figure's link to the transactions list filtered to the rows behind it, or to a budget row: opened in the app. */
const isListUrl = (url: string | undefined) => !!url && /^\/(?:transactions|budget)\?[\w%=&.,:+*'-]*$/.test(url);

const titleOf = (href: string) => (href.startsWith('/budget') ? 'Show on Budget' : 'Show these transactions');

function ListLink({ href, children }: { href: string; children?: ReactNode }) {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Anchor component={Link} to={href} title={titleOf(href)}>
      {children}
    </Anchor>
  ) : (
    <Anchor href={href} title={titleOf(href)}>
      {children}
    </Anchor>
  );
}

/** The Markdown an element was written as (a refused link or an image shows as text). */
function AsWritten({ node }: ExtraProps) {
  const source = useContext(Source);
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  return <>{start === undefined || end === undefined ? '' : source.slice(start, end)}</>;
}

const wrap = { overflowWrap: 'anywhere' } as const;

const heading = ({ children }: { children?: ReactNode }) => (
  <Text component="p" fw={700} my={0} mb={4}>
    {children}
  </Text>
);

/** One set of components for every render, so React keeps the answer's elements as it grows. */
const components: Components = {
  p: ({ children }) => (
    <Text component="p" my={0} mb="xs" style={wrap}>
      {children}
    </Text>
  ),
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  ul: ({ children }) => (
    <List type="unordered" spacing={4} mb="xs" withPadding>
      {children}
    </List>
  ),
  ol: ({ children, start }) => (
    <List type="ordered" start={start} spacing={4} mb="xs" withPadding>
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item style={wrap}>{children}</List.Item>,
  blockquote: ({ children }) => (
    <Text component="blockquote" c="dimmed" m={0} mb="xs" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
      {children}
    </Text>
  ),
  // Fenced code: the <pre> becomes Mantine's block code; its inner <code> keeps the text only.
  pre: ({ node }) => (
    <Code block mb="xs">
      {codeText(node)}
    </Code>
  ),
  code: ({ children }) => <Code>{children}</Code>,
  a: ({ href, children, node }) =>
    isListUrl(href) ? (
      <ListLink href={href!}>{children}</ListLink>
    ) : isWebUrl(href) ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </Anchor>
    ) : (
      <AsWritten node={node} />
    ),
  img: ({ node }) => <AsWritten node={node} />,
  hr: () => null,
};

/** The text of a fenced block (its one <code> child's text). */
function codeText(node: ExtraProps['node']): string {
  const code = node?.children[0];
  if (!code || code.type !== 'element') return '';
  return code.children
    .map((c) => (c.type === 'text' ? c.value : ''))
    .join('')
    .replace(/\n$/, '');
}
