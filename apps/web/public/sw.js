/* Paço service worker (spec 1 §7): cache-first for hashed static assets (/assets/*), network-only for /api,
 * and for page navigations the network with a fallback to the cached index.html when offline. */
const CACHE = 'paco-static-v1';
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((c) => c.add(new Request(SHELL, { cache: 'reload' }))).catch(() => undefined).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('paco-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // API: network only (never cached)
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;

  // hashed build assets never change: cache first
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(req);
        if (hit) return hit;
        const res = await fetch(req);
        if (res.ok) cache.put(req, res.clone());
        return res;
      }),
    );
    return;
  }

  // SPA navigations: network, keep the fresh shell, fall back to it offline
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => {
          // the shell kept for offline use is one that may not be framed: a panel page's copy carries the
          // frame-ancestors of its company's sites (decision 0011) and would lend them to every page offline
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html') && res.headers.get('x-frame-options') === 'DENY') {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(SHELL, copy));
          }
          return res;
        })
        .catch(async () => (await caches.match(SHELL)) || Response.error()),
    );
  }
});
