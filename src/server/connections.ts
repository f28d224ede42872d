import type { Server, ServerOptions } from 'node:http';
import type { Config } from './config';

/**
 * Timeouts for slow clients . A request (headers and body) must arrive within
 * REQUEST_TIMEOUT_MS, or Node answers 408 and closes the socket; headers alone get at most 20 s;
 * an idle keep-alive socket closes after KEEP_ALIVE_TIMEOUT_MS, any socket silent both ways after
 * SOCKET_IDLE_TIMEOUT_MS. Node checks the request timeout every `connectionsCheckingInterval`,
 * so that runs at a tenth of it (at most 5 s) instead of Node's 30 s.
 */
export function httpTimeouts(config: Pick<Config, 'http'>): { requestTimeout: number; connectionTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  const { requestTimeoutMs, keepAliveTimeoutMs, socketIdleTimeoutMs } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: socketIdleTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(requestTimeoutMs / 10))),
    },
  };
}

/**
 * Connection caps: at most MAX_CONNECTIONS sockets in all (kept below the descriptor limit, so
 * the database and files always get one), and at most MAX_CONNECTIONS_PER_IP from one address,
 * so one client opening thousands of slow connections cannot crowd everyone else out. Behind a
 * proxy (TRUST_PROXY=true) every socket comes from the proxy, so the per-address cap is left to it.
 */
export function capConnections(server: Server, config: Pick<Config, 'http' | 'trustProxy'>): void {
  server.maxConnections = config.http.maxConnections;
  if (config.trustProxy) return;
  const limit = config.http.maxConnectionsPerIp;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
