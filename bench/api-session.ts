// One client of the HTTP API as a browser would be: it keeps the access token and the
// `fs_refresh` cookie, and may speak from its own loopback address (127.x.y.z), so that
// many simulated visitors are many visitors to the server's per-IP limits.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (not decompressed). */
  body: Buffer;
  text(): string;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** Send `Authorization: FitStream <token>`. */
  auth?: boolean;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(step: string, response: ApiResponse) {
    super(`${step}: HTTP ${response.status} ${response.text().slice(0, 200)}`);
  }
}

/** A loopback source address for visitor number `index` of a group (1-based octets). */
export function visitorAddress(group: number, index: number): string {
  return `127.${group}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

export class ApiSession {
  token: string | null = null;
  private refreshCookie: string | null = null;

  constructor(
    private readonly origin: string,
    private readonly localAddress?: string,
  ) {}

  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { accept: 'application/json, text/html', ...options.headers };
    let payload: string | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      payload = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    if (options.auth && this.token) headers.authorization = `FitStream ${this.token}`;
    if (this.refreshCookie && path.startsWith('/api/v1')) headers.cookie = `fs_refresh=${this.refreshCookie}`;
    const url = new URL(path, this.origin);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        { method, headers, agent, timeout: 120_000, ...(this.localAddress ? { localAddress: this.localAddress } : {}) },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            this.keepCookie(response.headers['set-cookie']);
            const body = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: () => body.toString('utf8') });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** A JSON call that must answer `expected`; answers the parsed body. */
  async call<T>(step: string, method: 'GET' | 'POST', path: string, expected: number, options: RequestOptions = {}): Promise<T> {
    const response = await this.request(method, path, options);
    if (response.status !== expected) throw new ApiError(step, response);
    return JSON.parse(response.text()) as T;
  }

  async signUp(email: string, password: string, deviceId: string): Promise<void> {
    const body = await this.call<{ token: string }>('sign-up', 'POST', '/api/v1/auth/sign-up', 201, {
      json: { email, password, cpassword: password, device_id: deviceId, country: 'US' },
    });
    this.token = body.token;
    if (!this.refreshCookie) throw new Error('sign-up set no fs_refresh cookie');
  }

  get refreshCookieValue(): string | null {
    return this.refreshCookie;
  }

  private keepCookie(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const match = /^fs_refresh=([^;]*)/.exec(line);
      if (match) this.refreshCookie = match[1] ? match[1] : null;
    }
  }
}

export const benchPassword = 'Str0ng!Pass';

let counter = 0;
/** A unique sign-up identity: email and device id. */
export function newIdentity(label: string): { email: string; deviceId: string } {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter.toString(36)}`;
  return { email: `bench-${label}-${stamp}@example.com`, deviceId: `bench-${stamp}`.slice(0, 20).padEnd(9, '0') };
}
