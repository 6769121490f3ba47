// The director's links of the club evenings started (or opened as their director) on this
// device. The token stays in this browser's localStorage, as the link's #fragment keeps it out
// of the server's logs: window.liveKept.save(id, token, event), .all(), .link(id); .api(id,
// path, options) calls the session's API with the director's token.
"use strict";

window.liveKept = (() => {
  const tokenKey = (id) => `bs_live_director_${id}`;  // the key the director's page always used
  const listKey = "bs_live_evenings";  // [{id, event, at}], newest first
  const listed = () => {
    try {
      const list = JSON.parse(localStorage.getItem(listKey) || "[]");
      return Array.isArray(list) ? list.filter((e) => e && typeof e.id === "string") : [];
    } catch { return []; }
  };
  const save = (id, token, event) => {
    if (!id || !token) return;
    localStorage.setItem(tokenKey(id), token);
    const old = listed().find((e) => e.id === id);
    const entry = { id, event: event ?? old?.event ?? "", at: old?.at ?? new Date().toISOString() };
    const rest = listed().filter((e) => e.id !== id);
    localStorage.setItem(listKey, JSON.stringify([entry, ...rest].slice(0, 100)));
  };
  // Every evening whose director's token this browser holds, newest first (those kept before
  // the list existed last).
  const all = () => {
    const known = listed();
    const ids = new Set(known.map((e) => e.id));
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith(tokenKey("")) && !ids.has(key.slice(tokenKey("").length))) {
        const id = key.slice(tokenKey("").length);
        known.push({ id, event: "", at: "" });
        ids.add(id);
      }
    }
    return known.map((e) => ({ ...e, token: localStorage.getItem(tokenKey(e.id)) }))
      .filter((e) => e.token);
  };
  const token = (id) => localStorage.getItem(tokenKey(id)) || "";
  const link = (id) => new URL(`/live/${encodeURIComponent(id)}/director#${token(id)}`, location.href).href;
  // A call of the session's API as its director: {status, body} (body {} if not JSON).
  const api = async (id, path, options = {}) => {
    const r = await fetch(`/api/sessions/${id}${path}`, { ...options,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token(id)}` } });
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  return { save, all, token, link, api };
})();
