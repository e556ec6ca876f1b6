// Downloaded classes in the app's service worker (imported by the Workbox worker, vite.config.ts;
// docs/decisions/040): every request under /offline/<class>/ is answered from that class's cache
// (src/app/downloads/store.ts), with or without a network, so the player, posters and captions
// read the stored files by their local URLs. Nothing there goes to the network. It also claims a
// page that asks (below).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/offline/')) return;
  const classId = decodeURIComponent(url.pathname.split('/')[2] || '');
  event.respondWith(
    caches
      .open(`fitstream-offline-${classId}`)
      .then((cache) => cache.match(url.pathname))
      .then((found) => found || new Response('Not downloaded', { status: 404, headers: { 'content-type': 'text/plain' } })),
  );
});

// A page loaded while the first worker was installing is not claimed when it activates (its
// navigation was under way): the page asks, and from then on it is answered like any other
// (src/flows/app-update/service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});
