// The service worker: pages and the score table from the network when there is one (and kept
// for later), else from what was kept, so the app opens and the calculator scores offline.
// Writes (POST) and live streams always go to the network; game.js keeps an unsent deal, and
// the table pages (table_page.js) an unsent result.
"use strict";

const CACHE = "bridgescore-v1";
const START = ["/", "/scores.json", "/static/style.css", "/static/app.js", "/static/calculator.js",
  "/static/game.js", "/static/icon.svg", "/manifest.webmanifest",
  "/static/live.css", "/static/hands.css", "/static/table_page.js", "/static/live_table.js",
  "/static/live_players.js", "/static/team_table.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(START)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.endsWith("/events") || url.pathname.startsWith("/api/")) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        // Kept: pages opened (not a script's fetches: the calculator asks for one per change)
        // and the files they need.
        if (response.ok && (request.mode === "navigate" || !url.search || url.pathname.startsWith("/static/") || url.pathname === "/scores.json")) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        // A page opened offline: the calculator for any inputs (it scores them from the
        // table); a script's own fetch of a page is not answered with an older one.
        caches.match(request, { ignoreSearch: request.mode === "navigate" && url.pathname === "/" })
          .then((hit) => hit || (request.mode === "navigate" || url.pathname.startsWith("/static/") || url.pathname === "/scores.json" ? caches.match(url.pathname) : undefined))
          .then((hit) => hit || new Response("Offline, and this page was not opened before.",
            { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } })),
      ),
  );
});
