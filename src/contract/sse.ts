/**
 * The one reader of server-sent events, for the client's coach stream (src/web/api/chat.ts) and the
 * server's LLM stream (src/server/services/coach/openai.ts): the `data:` payload of each line, as text,
 * in order. Lines may arrive split across chunks or several to a chunk, and end in \n or \r\n; lines
 * other than `data:` (comments, `event:`, blank separators) are skipped.
 */

/** Reading the body failed (the connection broke, or the caller's signal aborted it). */
export class StreamReadError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = 'StreamReadError';
  }
}

/**
 * Yields each event's data. A failed read throws StreamReadError, so a caller can tell it from its own
 * errors; leaving the loop early (break, return, throw) cancels the body. `onRead` runs after every chunk
 * read (to rearm an idle timeout).
 */
export async function* sseData(body: ReadableStream<Uint8Array<ArrayBuffer>>, onRead?: () => void): AsyncGenerator<string, void, undefined> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      let read: ReadableStreamReadResult<string>;
      try {
        read = await reader.read();
      } catch (error) {
        throw new StreamReadError(error);
      }
      if (read.done) return;
      onRead?.();
      buffer += read.value;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (line.startsWith('data:')) yield line.slice(line.startsWith('data: ') ? 6 : 5);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
