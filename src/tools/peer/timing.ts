import http from 'node:http';

/** Ours over HTTP, one keep-alive connection, one call at a time: each call's milliseconds. */
export function httpTimer(port: number, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (path: string) =>
    new Promise<number>((resolveCall, reject) => {
      const started = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => (res.statusCode === 200 ? resolveCall(performance.now() - started) : reject(new Error(`${path} answered ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  return {
    async time(path: string, n: number): Promise<number[]> {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await once(path));
      return out;
    },
    close: () => agent.destroy(),
  };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};
