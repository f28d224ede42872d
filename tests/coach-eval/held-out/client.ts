import type { StreamChunk } from '../../../src/contract/chat';

/**
 * Asks the coach as the web client does: POST /chat/financial-advice-stream over HTTP, reading the
 * server-sent events as they arrive, and keeping the conversation id for the next question.
 */
export interface Answer {
  text: string;
  conversationId: string | null;
  /** The error chunk's or refusal's detail, when the answer did not complete. */
  error: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function ask(baseUrl: string, token: string, message: string, conversationId: string | null): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl}/chat/financial-advice-stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message, conversation_id: conversationId }),
      signal: AbortSignal.timeout(120_000),
    });
    // The route's per-minute limit: wait as told, as a patient client would.
    if (res.status === 429 && attempt < 5) {
      const after = Number(res.headers.get('retry-after') ?? '10');
      await res.body?.cancel();
      await sleep((Number.isFinite(after) ? after : 10) * 1000 + 250);
      continue;
    }
    if (!res.ok || !res.body) return { text: '', conversationId, error: `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}` };
    let text = '';
    let id = conversationId;
    let error: string | null = null;
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('data:')) continue;
        const chunk = JSON.parse(line.slice(5).trim()) as StreamChunk;
        if (chunk.type === 'start') id = chunk.conversation_id;
        else if (chunk.type === 'chunk') text += chunk.content;
        else if (chunk.type === 'error') error = chunk.detail;
      }
    }
    return { text, conversationId: id, error };
  }
}
