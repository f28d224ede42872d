import { describe, expect, it } from 'vitest';
import { sseData, StreamReadError } from '../../src/contract/sse';

const bodyOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const all = async (body: ReadableStream<Uint8Array<ArrayBuffer>>) => {
  const out: string[] = [];
  for await (const data of sseData(body)) out.push(data);
  return out;
};

describe('the one server-sent events reader (src/contract/sse.ts)', () => {
  it('yields each data line, split across chunks or several to a chunk, with \\n or \\r\\n', async () => {
    expect(await all(bodyOf('data: {"a":1}\n\ndata: {"b', '":2}\r\n', ': comment\nevent: x\ndata:[DONE]\n', 'data: tail without newline'))).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('a failed read is a StreamReadError; leaving early cancels the body', async () => {
    const broken = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n'));
        controller.error(new Error('socket hang up'));
      },
    });
    await expect(all(broken)).rejects.toBeInstanceOf(StreamReadError);

    let cancelled = false;
    const endless = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of sseData(endless)) if (data === 'x') break;
    await new Promise((r) => setTimeout(r, 10));
    expect(cancelled).toBe(true);
  });
});
