import type { Page } from 'playwright-core';

/**
 * Holds the coach's streamed answer in the page once its first words are on screen, until the test lets it go
 * (`releaseAnswer`) or the user stops it: the test then sees the answer streaming however fast the server wrote it
 * (a short answer on a loaded machine could end before a check saw it stream). The server writes the answer as
 * ever; only what the page reads of it waits. Opt-in per answer (`holdNextAnswer`), so other answers run freely.
 */
export async function installAnswerHold(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __holdAnswer?: boolean; __releaseAnswer?: () => void };
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!w.__holdAnswer || !url.endsWith('/chat/financial-advice-stream') || !response.ok || !response.body) return response;
      w.__holdAnswer = false;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      let text = '';
      let words = 0;
      let held = false;
      let letGo = false;
      let release: () => void = () => undefined;
      const released = new Promise<void>((done) => (release = done));
      w.__releaseAnswer = () => {
        held = false;
        letGo = true;
        release();
      };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // Stop aborts the request: a held answer ends there too, as the real stream does.
          init?.signal?.addEventListener('abort', () => {
            try {
              controller.error(new DOMException('The user aborted a request.', 'AbortError'));
            } catch {
              // already closed
            }
          });
        },
        async pull(controller) {
          if (held) await released;
          const { done, value } = await reader.read();
          if (done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += decoder.decode(value, { stream: true });
          // Whole server-sent events only: the hold falls between two of them, after 40 characters of answer.
          let end: number;
          while (!held && (end = text.indexOf('\n\n')) !== -1) {
            const event = text.slice(0, end + 2);
            text = text.slice(end + 2);
            controller.enqueue(encoder.encode(event));
            const content = /"type":"chunk","content":("(?:[^"\\]|\\.)*")/.exec(event);
            if (content) words += (JSON.parse(content[1]!) as string).length;
            if (words >= 40 && !letGo) held = true;
          }
        },
      });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
}

/** The next streamed answer stops reaching the page once its first words are on screen. */
export const holdNextAnswer = (page: Page) => page.evaluate(() => void ((window as unknown as { __holdAnswer?: boolean }).__holdAnswer = true));

/** Lets the held answer reach the page (no-op when none is held). */
export const releaseAnswer = (page: Page) => page.evaluate(() => (window as unknown as { __releaseAnswer?: () => void }).__releaseAnswer?.());
