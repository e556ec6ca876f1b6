// Web Push (docs/decisions/037): the VAPID keys, taken from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
// or generated once into DATA_DIR/vapid-keys.json; and sending one message to each device of an
// account through the `web-push` library (RFC 8291 aes128gcm, RFC 8292 VAPID), only to endpoints
// the rules allow (push-endpoint.ts). A subscription the push service no longer knows (404, 410)
// is deleted.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import webPush, { WebPushError } from 'web-push';
import type { Database } from '@server/db/client';
import { pushSubscriptions, sessions } from '@server/db/schema';
import type { GivenVapid } from './config';
import { PushEndpointRefused, pushAgent, pushEndpointUrl, type PushNetwork } from './push-endpoint';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact push services see (VAPID_SUBJECT, a mailto: or https: URL). */
  subject: string;
}


const KEY = /^[A-Za-z0-9_-]+$/;

/** The keys given (VAPID_* in the configuration), or the ones in DATA_DIR, or new ones written there (mode 600). */
export async function loadVapidKeys(dataDir: string, publicUrl: string, given: GivenVapid = {}): Promise<VapidKeys> {
  const subject = given.subject?.trim() || (publicUrl.startsWith('https:') ? publicUrl : 'mailto:push@fitstream.invalid');
  const publicKey = given.publicKey?.trim();
  const privateKey = given.privateKey?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string' && KEY.test(stored.publicKey) && KEY.test(stored.privateKey)) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  const generated = webPush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  // `wx`: of two instances starting on one DATA_DIR, the second keeps the first one's keys.
  try {
    await writeFile(file, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(dataDir, publicUrl, given);
    throw error;
  }
  return { ...generated, subject };
}

/** What the service worker receives (JSON) and shows on `push`. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification goes (absolute). */
  url: string;
  /** Replaces an earlier notification with the same tag. */
  tag: string;
}

export interface PushCounts {
  sent: number;
  /** Deleted: gone at the push service (404, 410), or an endpoint the rules refuse whatever DNS says. */
  removed: number;
  /** Not sent, and kept: the host does not resolve now, or resolves to an address that is not public. */
  refused: number;
  failed: number;
}

/** A valid subscription's keys: an uncompressed P-256 point (65 bytes) and a 16-byte secret. */
export function validPushKeys(keys: { p256dh: string; auth: string }): boolean {
  if (!KEY.test(keys.p256dh) || !KEY.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(keys.auth, 'base64url').length === 16;
}

/**
 * Sends `message` to every open device of the account; deletes the subscriptions that are gone.
 * An endpoint whose form the rules refuse (kept before they existed) is deleted unsent: it can
 * never be sent to. One whose host now resolves to a reserved address is skipped and kept: a DNS
 * answer can be wrong for a while, and nothing the account can see changes, so the answer tells
 * it nothing about the server's network.
 */
export async function pushToAccount(
  db: Database,
  vapid: VapidKeys,
  userId: string,
  message: PushMessage,
  options: { network: PushNetwork; onError?: (error: unknown) => void },
): Promise<PushCounts> {
  const counts: PushCounts = { sent: 0, removed: 0, refused: 0, failed: 0 };
  const rows = await db
    .select({ sessionId: pushSubscriptions.sessionId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), isNull(sessions.revokedAt)));
  if (rows.length === 0) return counts;
  const agent = pushAgent(options.network);
  const remove = (row: (typeof rows)[number]) =>
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.sessionId, row.sessionId), eq(pushSubscriptions.endpoint, row.endpoint)));
  for (const row of rows) {
    let endpoint: string;
    try {
      // As the URL standard writes it: what web-push's own parser reads is then the host checked.
      endpoint = pushEndpointUrl(row.endpoint, options.network).href;
    } catch (error) {
      await remove(row);
      counts.removed += 1;
      options.onError?.(error);
      continue;
    }
    try {
      await webPush.sendNotification({ endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(message), {
        vapidDetails: vapid,
        TTL: 7 * 24 * 3600,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        agent,
      });
      counts.sent += 1;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await remove(row);
        counts.removed += 1;
        continue;
      }
      if (error instanceof PushEndpointRefused) counts.refused += 1;
      else counts.failed += 1;
      options.onError?.(error);
    }
  }
  return counts;
}
