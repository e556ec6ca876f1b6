// The browser's side of Web Push for /account and /settings (decision 037): whether this browser can take
// pushes (the Push API and a registered service worker: the app's worker shows them), and
// subscribing or unsubscribing it with the server's VAPID key. The worker's `push` handler is
// not here: it lives with the service worker.
import type { Schemas } from '@domain/contract';

/** The Push API, notifications and a service worker registration are all there. */
export async function pushSupported(): Promise<boolean> {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return false;
  try {
    return (await navigator.serviceWorker.getRegistration()) !== undefined;
  } catch {
    return false;
  }
}

function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(publicKey.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks whether FitStream may notify (the browser answers at once when the user already chose). */
export async function askPermission(): Promise<boolean> {
  return (await Notification.requestPermission()) === 'granted';
}

/**
 * Subscribes this browser (or returns its existing subscription), once permission is granted,
 * as the body of PUT /api/v1/account/notifications/push; null when unavailable.
 */
export async function subscribeBrowser(publicKey: string): Promise<Schemas['PushSubscriptionRequest'] | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Drops this browser's subscription, if it has one. */
export async function unsubscribeBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
