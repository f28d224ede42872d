import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A minimal browser over app.inject for redirect flows: keeps cookies, follows redirects while they
 * stay on the API (the embedded provider lives there too), and stops at the first page elsewhere.
 */
export class InjectBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly apiUrl: string,
    /** The socket peer every request comes from (loopback unless a test says otherwise). */
    public remoteAddress = '127.0.0.1',
    public headers: Record<string, string> = {},
  ) {}

  private keep(res: LightMyRequestResponse) {
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.apiUrl);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      remoteAddress: this.remoteAddress,
      headers: {
        host: target.host,
        accept: 'text/html',
        ...this.headers,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.keep(res);
    return res;
  }

  /** Follows redirects on the API; answers the last response and where it pointed (or its own URL). */
  async follow(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<{ res: LightMyRequestResponse; url: URL }> {
    let res = await this.request(method, url, form);
    let current = new URL(url, this.apiUrl);
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') return { res, url: current };
      current = new URL(location, current);
      if (current.origin !== new URL(this.apiUrl).origin) return { res, url: current };
      res = await this.request('GET', current.toString());
    }
    throw new Error('too many redirects');
  }
}

/** The embedded provider's sign-in form action (from the page's HTML). */
export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no sign-in form in:\n${html.slice(0, 500)}`);
  return match[1]!.replace(/&amp;/g, '&');
}

/**
 * Where a Google sign-in landed (APP_URL/oauth-callback?token=…&user_id=…): the app swaps the
 * one-time token for a session with POST /users/session, as this does. Undefined when it carries none.
 */
export async function sessionFromCallback(app: FastifyInstance, landed: URL): Promise<string | undefined> {
  const token = landed.searchParams.get('token');
  if (!token) return undefined;
  const res = await app.inject({ method: 'POST', url: '/users/session', payload: { token } });
  return res.statusCode === 200 ? res.json<{ access_token: string }>().access_token : undefined;
}
