// My games: the club evenings this browser started (or opened as their director), each with a
// link to its director's page (the token after #, kept in this browser by live_kept.js).
"use strict";

(async () => {
  const box = document.getElementById("live-evenings");
  if (!box || !window.liveKept) return;
  const kept = window.liveKept.all().slice(0, 50);
  if (!kept.length) return;
  const rows = await Promise.all(kept.map(async (e) => {
    const r = await fetch(`/api/sessions/${encodeURIComponent(e.id)}`, {
      headers: { Authorization: `Bearer ${e.token}` } }).catch(() => null);
    const s = r && r.ok ? await r.json().catch(() => null) : null;
    return { ...e, session: s, gone: r !== null && r.status === 404 };
  }));
  const list = document.getElementById("evenings");
  const when = (at) => new Date(at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  for (const e of rows) {
    if (e.gone) continue;  // no longer on this server
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = window.liveKept.link(e.id);
    a.textContent = gettext("%(event)s · director's page", { event: e.session?.event || e.event || gettext("Club evening") });
    const s = e.session;
    const state = s
      ? (s.closed ? gettext("%(entered)s of %(total)s results in, closed", { entered: s.entered, total: s.entered + s.missing.length })
        : gettext("%(entered)s of %(total)s results in", { entered: s.entered, total: s.entered + s.missing.length }))
      : gettext("not reachable now");
    const about = document.createElement("span");
    about.className = "live-kept-about";
    about.textContent = [state, e.at ? gettext("started %(when)s", { when: when(e.at) }) : ""].filter(Boolean).join(" · ");
    li.append(a, about);
    list.append(li);
  }
  if (!list.children.length) return;
  box.hidden = false;
  document.getElementById("no-games")?.setAttribute("hidden", "");
})();
