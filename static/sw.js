// The inspector's service worker: the app is static files only, so after the first visit it
// works offline. Every same-origin GET goes to the network first (so a new build is picked up at
// once) and falls back to the copy cached last time.
const CACHE = "utf8lens-inspector";

// Cache the page and everything it links to (hashed names, read from the page itself), so the
// first visit already leaves a complete offline copy.
async function precache() {
  const cache = await caches.open(CACHE);
  const page = await fetch("./", { cache: "no-cache" });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put("./", page);
  const urls = new Set();
  for (const match of html.matchAll(/(?:href|src|data-bindings|data-wasm)="([^"#:]+)"/g)) {
    urls.add(new URL(match[1], self.registration.scope).href);
  }
  urls.add(new URL("boot.js", self.registration.scope).href);
  // The character names, which the page fetches only when a view first shows a name: cached here
  // in the background, so that names also show offline.
  urls.add(new URL("ucd-names.txt", self.registration.scope).href);
  // The frequent words mojibake repair takes as evidence, fetched when a view that repairs opens.
  urls.add(new URL("frequent-words.txt", self.registration.scope).href);
  await Promise.all([...urls].map((url) => cache.add(url).catch(() => {})));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request.mode === "navigate" ? "./" : request, response.clone());
        return response;
      } catch (offline) {
        const cached = await cache.match(request.mode === "navigate" ? "./" : request, { ignoreSearch: true });
        if (cached) return cached;
        throw offline;
      }
    })(),
  );
});
