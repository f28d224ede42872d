import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the OpenAI chat-completions streaming format (what OpenAI,
 * Ollama, vLLM and llama.cpp serve at /v1/chat/completions): `data: {json}` lines with
 * `choices[0].delta` pieces, tool calls streamed as fragments, then `data: [DONE]`.
 * Each request takes the next scripted turn; every request body is kept for assertions.
 */
export type FakeTurn =
  /** Stream these pieces of text, then finish. */
  | { text: string[] }
  /** Ask for tool calls; each call's arguments are streamed in small fragments, calls interleaved. */
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[] }
  /** Answer an HTTP error. */
  | { status: number; body?: string }
  /** Start the stream, then send nothing for this long (a stalled model). */
  | { stallMs: number }
  /** Stream these pieces, then drop the connection without finishing. */
  | { breakAfter: string[] };

export interface FakeLlmRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
    tool_choice?: string;
  };
}

export interface FakeLlm {
  /** Base URL for COACH_LLM_URL (ends in /v1). */
  url: string;
  requests: FakeLlmRequest[];
  /** Replaces the turns still to come. */
  script(turns: FakeTurn[]): void;
  /** When the script runs out: this turn, every time. */
  otherwise(turn: FakeTurn): void;
  close(): Promise<void>;
}

const MODEL = 'fake-model';

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

const pause = () => new Promise((r) => setTimeout(r, 2));

async function play(turn: FakeTurn, res: ServerResponse) {
  if ('status' in turn) {
    res.writeHead(turn.status, { 'content-type': 'application/json' }).end(turn.body ?? JSON.stringify({ error: { message: 'fake failure' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if ('stallMs' in turn) {
    res.write(chunk({ role: 'assistant', content: '' }));
    // Stalls until the time is up or the client gives up and leaves, whichever comes first.
    await new Promise<void>((r) => {
      const timer = setTimeout(r, turn.stallMs);
      res.on('close', () => (clearTimeout(timer), r()));
    });
    res.end();
    return;
  }
  res.write(chunk({ role: 'assistant', content: '' }));
  if ('text' in turn || 'breakAfter' in turn) {
    for (const piece of 'text' in turn ? turn.text : turn.breakAfter) {
      res.write(chunk({ content: piece }));
      await pause();
    }
    if ('breakAfter' in turn) {
      res.socket?.destroy();
      return;
    }
    res.write(chunk({}, 'stop'));
  } else {
    // The first fragment of each call carries its id and name; the arguments follow in pieces of 7 characters.
    const calls = turn.toolCalls.map((call, index) => ({ index, id: `call_${index}_${call.name}`, name: call.name, args: JSON.stringify(call.arguments) }));
    for (const call of calls) res.write(chunk({ tool_calls: [{ index: call.index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    const longest = Math.max(...calls.map((c) => c.args.length));
    for (let at = 0; at < longest; at += 7) {
      for (const call of calls) {
        const piece = call.args.slice(at, at + 7);
        if (piece) res.write(chunk({ tool_calls: [{ index: call.index, function: { arguments: piece } }] }));
      }
      await pause();
    }
    res.write(chunk({}, 'tool_calls'));
  }
  res.end('data: [DONE]\n\n');
}

export async function startFakeLlm(): Promise<FakeLlm> {
  let turns: FakeTurn[] = [];
  let fallback: FakeTurn = { text: ['(no turn scripted)'] };
  const requests: FakeLlmRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => (raw += piece));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      requests.push({ headers: req.headers, body: JSON.parse(raw) as FakeLlmRequest['body'] });
      void play(turns.shift() ?? fallback, res).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      turns = [...next];
    },
    otherwise(turn) {
      fallback = turn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
