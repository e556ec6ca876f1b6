// Web Push in the app's service worker (imported by the Workbox worker, vite.config.ts): the
// new-classes push the server sends (server/modules/notifications/push.ts) as
// { title, body, url, tag }, already in the account's language. Clicking it focuses an open
// FitStream tab at that page, or opens one.
self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || 'FitStream', {
      body: data.body,
      tag: data.tag,
      icon: '/icons/icon-192.png',
      data: { url: data.url || '/home' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      return open ? open.navigate(url).then((client) => (client || open).focus()) : self.clients.openWindow(url);
    }),
  );
});
