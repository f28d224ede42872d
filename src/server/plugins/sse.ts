import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A server-sent event stream being written: one `data: {json}` event per send. */
export interface EventStream<T> {
  send(event: T): void;
  /** Ends the stream; a client that leaves after this no longer aborts `signal`. */
  end(): void;
  /** Aborts when the client disconnects before end(): stop the work that feeds the stream. */
  readonly signal: AbortSignal;
  /** Sends the headers and hands the stream to Fastify as the body (return it from the handler). */
  respond(): FastifyReply;
}

/**
 * The one way the API streams (text/event-stream): each event is `data: <json>\n\n`, no ids or
 * named events (the stream answers one POST and is not resumable), no proxy buffering, no caching.
 * Writes after the client left are dropped.
 */
export function eventStream<T>(reply: FastifyReply): EventStream<T> {
  const body = new PassThrough();
  const controller = new AbortController();
  let ended = false;
  const stop = () => {
    if (!ended) controller.abort();
  };
  reply.raw.once('close', stop);
  body.once('close', stop);
  body.on('error', () => undefined);
  return {
    signal: controller.signal,
    send(event) {
      if (!body.destroyed && !body.writableEnded) body.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      ended = true;
      body.end();
    },
    respond() {
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      // The stream is the body: no response schema applies to it.
      return reply.send(body);
    },
  };
}
