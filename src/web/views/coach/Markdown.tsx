import { Anchor, Code, List, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * A small Markdown renderer for coach answers that builds React elements only: no HTML string is
 * ever parsed or injected, so markup in a message (or from a model) shows as the text it is.
 * Covers what the coach writes: paragraphs, line breaks, **bold**, *italic*, `code`, lists,
 * headings, quotes, fenced code, and http(s) links.
 */
export function Markdown({ text }: { text: string }) {
  return <>{blocks(text).map((block, i) => renderBlock(block, i))}</>;
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[]; start: number }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'code'; text: string };

const bullet = /^\s*[-*•]\s+(.*)$/;
const numbered = /^\s*(\d{1,3})[.)]\s+(.*)$/;

export function blocks(text: string): Block[] {
  const out: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.trim().startsWith('```')) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith('```')) body.push(lines[i++]!);
      i++;
      out.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push({ kind: 'heading', text: heading[1]! });
      i++;
      continue;
    }
    if (bullet.test(line) || numbered.test(line)) {
      const ordered = !bullet.test(line);
      const pattern = ordered ? numbered : bullet;
      const start = ordered ? Number(numbered.exec(line)![1]) : 1;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i]!)) {
        const m = pattern.exec(lines[i]!)!;
        items.push(ordered ? m[2]! : m[1]!);
        i++;
        // A wrapped item continues on indented lines.
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]!) && !bullet.test(lines[i]!) && !numbered.test(lines[i]!)) items[items.length - 1] += ` ${lines[i++]!.trim()}`;
      }
      out.push({ kind: 'list', ordered, items, start });
      continue;
    }
    if (/^\s*>\s?/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>\s?/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*>\s?/, ''));
      out.push({ kind: 'quote', lines: quoted });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !bullet.test(lines[i]!) && !numbered.test(lines[i]!) && !/^\s{0,3}#{1,6}\s/.test(lines[i]!) && !lines[i]!.trim().startsWith('```')) {
      paragraph.push(lines[i++]!);
    }
    out.push({ kind: 'paragraph', lines: paragraph });
  }
  return out;
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return (
        <Text key={key} component="p" my={0} mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {block.lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {inline(line)}
            </Fragment>
          ))}
        </Text>
      );
    case 'heading':
      return (
        <Text key={key} component="p" fw={700} my={0} mb={4}>
          {inline(block.text)}
        </Text>
      );
    case 'list':
      return (
        <List key={key} type={block.ordered ? 'ordered' : 'unordered'} start={block.ordered ? block.start : undefined} spacing={4} mb="xs" withPadding>
          {block.items.map((item, i) => (
            <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
              {inline(item)}
            </List.Item>
          ))}
        </List>
      );
    case 'quote':
      return (
        <Text key={key} component="blockquote" c="dimmed" m={0} mb="xs" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
          {block.lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {inline(line)}
            </Fragment>
          ))}
        </Text>
      );
    case 'code':
      return (
        <Code key={key} block mb="xs">
          {block.text}
        </Code>
      );
  }
}

const INLINE = /(\*\*[^*\n]+?\*\*|__[^_\n]+?__|`[^`\n]+`|\[[^\]\n]+\]\((https?:\/\/[^\s)]+)\)|\*[^*\s][^*\n]*?\*|_[^_\s][^_\n]*?_)/;

/** Inline Markdown as React nodes; anything that is not Markdown stays literal text. */
export function inline(text: string, depth = 0): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match || depth > 4) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const token = match[0];
    if (token.startsWith('**') || token.startsWith('__')) nodes.push(<strong key={key++}>{inline(token.slice(2, -2), depth + 1)}</strong>);
    else if (token.startsWith('`')) nodes.push(<Code key={key++}>{token.slice(1, -1)}</Code>);
    else if (token.startsWith('[')) {
      const label = token.slice(1, token.indexOf(']('));
      nodes.push(
        <Anchor key={key++} href={match[2]} target="_blank" rel="noopener noreferrer nofollow">
          {inline(label, depth + 1)}
        </Anchor>,
      );
    } else nodes.push(<em key={key++}>{inline(token.slice(1, -1), depth + 1)}</em>);
    rest = rest.slice(match.index + token.length);
  }
  return nodes;
}
