// Web Push: the new-classes push the server sends (server/modules/notifications/push.ts) as
// { title, body, url, tag }, already in the account's language. Clicking it focuses an open
// FitStream tab at that page, or opens one.
import { routes } from '@domain/routes';

declare const self: ServiceWorkerGlobalScope;

interface NewClassesPush {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

export function showPushes(): void {
  self.addEventListener('push', (event) => {
    const data = (event.data ? event.data.json() : {}) as NewClassesPush;
    event.waitUntil(
      self.registration.showNotification(data.title || 'FitStream', {
        body: data.body,
        tag: data.tag,
        icon: '/icons/icon-192.png',
        data: { url: data.url || routes.home.path },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL((event.notification.data as { url: string }).url, self.location.origin).href;
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        return open ? open.navigate(url).then((client) => (client ?? open).focus()) : self.clients.openWindow(url);
      }),
    );
  });
}
