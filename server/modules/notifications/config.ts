// The settings of new-class notifications (docs/decisions/037): how often the weekly digests
// are looked for, and the Web Push (VAPID) keys given, which push.ts uses or else generates.
import { configSection, integer, text } from '@server/settings';

/** How often an instance looks for due digests (ms) when DIGEST_POLL_MS is unset. */
export const DEFAULT_DIGEST_POLL_MS = 600_000;

export interface NotificationsConfig {
  /** How often this instance looks for due digests, in ms (DIGEST_POLL_MS); absent in test apps: the default. */
  digestPollMs?: number;
  /** The VAPID keys and subject given in the environment (each may be absent). */
  vapid?: GivenVapid;
}

export interface GivenVapid {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
}

const BASE64URL = '^[A-Za-z0-9_-]+$';
const VAPID_KEYS = 'the Web Push keys (base64url, as `web-push generate-vapid-keys` prints them); give every instance the same ones when they do not share `DATA_DIR`';

export const notificationsConfig = configSection({
  name: 'notifications',
  file: 'server/modules/notifications/config.ts',
  settings: {
    DIGEST_POLL_MS: integer({
      minimum: 1,
      maximum: 86_400_000,
      default: DEFAULT_DIGEST_POLL_MS,
      description:
        'how often each instance looks for weekly new-class digests that are due (Monday 08:00 in each account\'s time zone, once per account and week whatever the number of instances; off when `MAIL_POLL_MS=0`; `docs/decisions/037`)',
    }),
    VAPID_PUBLIC_KEY: text({ pattern: BASE64URL, expected: 'base64url', defaultText: 'generated once into `DATA_DIR/vapid-keys.json`', description: VAPID_KEYS }),
    VAPID_PRIVATE_KEY: text({ pattern: BASE64URL, expected: 'base64url', secret: true, defaultText: 'generated with the public key', description: 'the private half of the Web Push keys' }),
    VAPID_SUBJECT: text({
      pattern: '^(https|mailto):',
      expected: 'an https: or mailto: URL',
      defaultText: '`PUBLIC_URL` when https',
      description: 'the contact push services see (otherwise `mailto:push@fitstream.invalid`)',
    }),
  },
  derive(values): NotificationsConfig {
    return {
      digestPollMs: values.DIGEST_POLL_MS,
      vapid: { publicKey: values.VAPID_PUBLIC_KEY ?? undefined, privateKey: values.VAPID_PRIVATE_KEY ?? undefined, subject: values.VAPID_SUBJECT ?? undefined },
    };
  },
});
