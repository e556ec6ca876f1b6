// Who may use the sandbox's test tools, which read and move every account (the mailbox with
// everyone's reset links, the test clock): anyone on a developer's machine; where
// SANDBOX_TOOLS_TOKEN is set, only a visitor presenting it, in a header or in the cookie that
// one visit with `?token=` sets (docs/decisions/023).
// The mail module owns it with its settings (SANDBOX_TOOLS_TOKEN, the sandbox mailbox, the first
// tool); the test clock (payments) and the push sandbox (notifications) sit behind the same gate.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { onRequestHookHandler } from 'fastify';
import type { Config } from '@server/config';
import { HttpError } from '@server/errors';

export const SANDBOX_TOOLS_HEADER = 'x-sandbox-tools-token';
export const SANDBOX_TOOLS_COOKIE = 'fs_sandbox_tools';
const COOKIE_SECONDS = 12 * 60 * 60;

type ToolsConfig = Pick<Config, 'payments' | 'sandboxMailbox' | 'sandboxToolsToken' | 'secureCookies'>;

/** Whether /sandbox/mail and the test clock exist at all: never with Stripe. */
export function sandboxToolsServed(config: ToolsConfig): boolean {
  return config.payments === 'sandbox' && config.sandboxMailbox;
}

/** Equal secrets, compared in constant time (digests first, so lengths do not show either). */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** What the cookie holds: proof of the token, not the token itself. */
function cookieProof(token: string): string {
  return createHmac('sha256', token).update('fitstream sandbox tools cookie').digest('base64url');
}

/**
 * The hook in front of every tool route. Without a token configured it lets everyone in; with
 * one, a visitor shows it in `X-Sandbox-Tools-Token`, or once as `?token=` on a page (answered
 * with the cookie and a redirect to the same page without it); anyone else hears 404.
 */
export function sandboxToolsGate(config: ToolsConfig): onRequestHookHandler {
  const token = config.sandboxToolsToken ?? null;
  return async (request, reply) => {
    if (token === null) return;
    const header = request.headers[SANDBOX_TOOLS_HEADER];
    if (typeof header === 'string' && sameSecret(header, token)) return;
    const cookie = request.cookies[SANDBOX_TOOLS_COOKIE];
    if (cookie && sameSecret(cookie, cookieProof(token))) return;
    const url = new URL(request.url, 'http://sandbox.invalid');
    const presented = url.searchParams.get('token');
    if (request.method === 'GET' && presented !== null && sameSecret(presented, token)) {
      // The token leaves the address bar and the history at once; the cookie stands in for it.
      url.searchParams.delete('token');
      reply.setCookie(SANDBOX_TOOLS_COOKIE, cookieProof(token), {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secureCookies,
        maxAge: COOKIE_SECONDS,
      });
      return reply.header('Cache-Control', 'no-store').redirect(`${url.pathname}${url.search}`, 303);
    }
    throw new HttpError(404, 'sandbox.toolsLocked');
  };
}

/** The start-up log's line on the test tools. */
export function sandboxToolsSummary(config: ToolsConfig): string {
  const tools = 'Sandbox test tools (/sandbox/mail, /sandbox/clock)';
  if (!sandboxToolsServed(config)) return `${tools}: not served`;
  if (config.sandboxToolsToken) return `${tools}: served only to holders of SANDBOX_TOOLS_TOKEN (header X-Sandbox-Tools-Token, or open one once with ?token=…)`;
  return `${tools}: served to every visitor (NODE_ENV is not production; set SANDBOX_TOOLS_TOKEN to lock them)`;
}
