// The director's page of a club evening: tables x rounds, late tables, live rankings (server-sent
// events), results edited or deleted (kept in the audit trail), artificial scores, closing.
"use strict";

(() => {
  const root = document.getElementById("live-director");
  const id = root?.dataset.session;
  if (!id) return;
  const keyToken = `bs_live_director_${id}`;
  if (location.hash.length > 1) {
    localStorage.setItem(keyToken, location.hash.slice(1));
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem(keyToken) || "";
  const $ = (name) => document.getElementById(name);
  let session = null;
  let editing = null;

  const api = async (path, options = {}) => {
    const r = await fetch(`/api/sessions/${id}${path}`, { ...options,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } });
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  const cell = (tag, text, className = "") => {
    const c = document.createElement(tag);
    c.textContent = text;
    if (className) c.className = className;
    return c;
  };

  const grid = () => {
    const m = session.movement;
    const got = new Map();
    for (const r of session.results) {
      const k = `${r.round}/${r.table}`;
      got.set(k, (got.get(k) || 0) + 1);
    }
    const doneRounds = (t) => m.plays.filter((p) => p.table === t &&
      (got.get(`${p.round}/${p.table}`) || 0) >= p.boards.length).length;
    const lead = Math.max(...Array.from({ length: m.tables }, (_, i) => doneRounds(i + 1)));
    const table = $("grid");
    table.replaceChildren();
    const head = document.createElement("tr");
    head.append(cell("th", "Table"));
    for (let r = 1; r <= m.rounds; r++) head.append(cell("th", `R${r}`));
    table.append(head);
    const late = [];
    for (let t = 1; t <= m.tables; t++) {
      const tr = document.createElement("tr");
      const behind = doneRounds(t) < lead - 0 && doneRounds(t) < m.rounds && lead > doneRounds(t);
      if (behind && !session.closed) late.push(t);
      tr.append(cell("th", `${t}`, behind ? "late" : ""));
      for (let r = 1; r <= m.rounds; r++) {
        const p = m.plays.find((x) => x.round === r && x.table === t);
        if (!p) { tr.append(cell("td", "")); continue; }
        const n = got.get(`${r}/${t}`) || 0;
        tr.append(cell("td", `${n}/${p.boards.length}`,
          n >= p.boards.length ? "full" : (n ? "part" : "none")));
      }
      table.append(tr);
    }
    $("late").textContent = late.length
      ? `Late: table${late.length > 1 ? "s" : ""} ${late.join(", ")} (behind the leading table).`
      : `${session.missing.length} board(s) still missing.`;
  };

  const rankings = () => {
    const box = $("rankings");
    box.replaceChildren();
    for (const field of session.rankings) {
      const t = document.createElement("table");
      const cap = document.createElement("caption");
      cap.textContent = field.field === "all" ? "Rankings" : `${field.field} pairs`;
      t.append(cap);
      const head = document.createElement("tr");
      for (const h of ["Rank", "Pair", "Names", "Score", "%"]) head.append(cell("th", h));
      t.append(head);
      for (const row of field.rows) {
        const tr = document.createElement("tr");
        for (const v of [row.rank, row.pair, row.names, row.score,
                         row.percent === null ? "" : row.percent.toFixed(2)]) tr.append(cell("td", String(v)));
        t.append(tr);
      }
      box.append(t);
    }
  };

  // One row a board at a table, compact enough for a phone: where, who, the result, NS's score
  // and one button (Enter a missing board; Edit a result, with Delete in its form).
  const number = (label) => label.replace(/^(NS|EW) /, "");  // "NS 3" -> "3"
  const results = () => {
    const t = $("results");
    t.replaceChildren();
    const head = document.createElement("tr");
    const titles = [["Rnd", "Round"], ["Tbl", "Table"], ["Bd", "Board"], ["NS–EW", "The NS pair v the EW pair"],
                    ["Result", ""], ["NS", "NS score"], ["", ""]];
    for (const [text, title] of titles) {
      const th = cell("th", text);
      if (!text) th.append(cell("span", "Change", "visually-hidden"));
      if (title) th.title = title;
      head.append(th);
    }
    t.append(head);
    const rows = [...session.results.map((r) => ({ ...r, kind: "result" })),
                  ...session.missing.map((m) => ({ ...m, kind: "missing" }))]
      .sort((a, b) => a.round - b.round || a.table - b.table || a.board - b.board);
    for (const r of rows) {
      const tr = document.createElement("tr");
      if (r.kind === "missing") tr.className = "missing";
      for (const v of [r.round, r.table, r.board, `${number(r.ns)}–${number(r.ew)}`,
                       r.kind === "missing" ? "missing" : (r.result || r.adjusted || r.weighted),
                       r.ns_score ?? ""]) tr.append(cell("td", String(v)));
      const actions = document.createElement("td");
      const edit = cell("button", r.kind === "missing" ? "Enter" : "Edit");
      edit.type = "button";
      edit.setAttribute("aria-label", `${edit.textContent} round ${r.round}, table ${r.table}, board ${r.board}`);
      edit.addEventListener("click", () => openEdit(r));
      actions.append(edit);
      tr.append(actions);
      t.append(tr);
    }
  };

  const openEdit = (r) => {
    editing = r;
    const f = $("edit");
    f.hidden = false;
    $("edit-title").textContent = `Round ${r.round}, table ${r.table}, board ${r.board}: ${r.ns} v ${r.ew}`;
    f.contract.value = r.contract || "";
    f.declarer.value = r.declarer || "";
    f.tricks.value = r.tricks ?? "";
    f.adjusted.value = r.adjusted || "";
    f.weighted.value = r.weighted || "";
    $("edit-error").textContent = "";
    $("weighted-error").textContent = "";
    $("edit-delete").hidden = r.kind !== "result";
    f.contract.focus();
  };
  $("edit-cancel").addEventListener("click", () => { $("edit").hidden = true; editing = null; });
  $("edit-delete").addEventListener("click", async () => {
    const r = editing;
    if (!r || !confirm(`Delete board ${r.board} at table ${r.table}, round ${r.round}?`)) return;
    const a = await api(`/results/${r.id}`, { method: "DELETE" });
    if (a.status !== 200) { $("edit-error").textContent = a.body.detail; return; }
    $("edit").hidden = true;
    editing = null;
    load();
  });
  $("edit").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = e.target;
    const body = { round: editing.round, table: editing.table, board: editing.board };
    if (f.weighted.value.trim()) body.weighted = f.weighted.value.trim();
    else if (f.adjusted.value) body.adjusted = f.adjusted.value;
    else Object.assign(body, { contract: f.contract.value.trim(), declarer: f.declarer.value.trim() || null,
                               tricks: f.tricks.value === "" ? null : Number(f.tricks.value) });
    const a = editing.kind === "result"
      ? await api(`/results/${editing.id}`, { method: "PUT", body: JSON.stringify(body) })
      : await api("/results", { method: "POST", body: JSON.stringify(body) });
    if (a.status >= 300) {
      const d = a.body.detail;
      const about = (x) => Array.isArray(x.loc) && x.loc.includes("weighted");
      const listed = Array.isArray(d) ? d : [];
      $("weighted-error").textContent = listed.filter(about).map((x) => x.msg).join("; ");
      $("edit-error").textContent = Array.isArray(d) ? listed.filter((x) => !about(x)).map((x) => x.msg).join("; ") : d;
      return;
    }
    f.hidden = true;
    editing = null;
    load();
  });

  const audit = async () => {
    const a = await api("/changes");
    const list = $("audit");
    list.replaceChildren();
    for (const c of (a.body.changes || []).slice().reverse()) {
      const what = (x) => x ? (x.adjusted || x.weighted || `${x.contract}${x.declarer ? " " + x.declarer : ""}${x.contract === "Pass" ? "" : " " + x.tricks}`) : "—";
      const ref = c.new || c.old;
      list.append(cell("li", `${new Date(c.at).toLocaleTimeString()} · ${c.who} · ${c.action} · ` +
        `R${ref.round} T${ref.table} board ${ref.board}: ${what(c.old)} → ${what(c.new)}`));
    }
  };

  $("show-cards").addEventListener("click", async () => {
    if (!session) return;  // not loaded yet
    const a = await api("/tables");
    $("cards-error").textContent = a.status === 200 ? "" : a.body.detail;
    if (a.status !== 200) return;
    window.liveCards($("cards"), session.event, a.body.tables, session.movement.plays);
    $("live-director").classList.add("cards-shown");  // printing now prints the cards only
    $("print-cards").hidden = false;
  });

  $("print-cards").addEventListener("click", () => window.print());

  $("close").addEventListener("click", async () => {
    const a = await api("/close", { method: "POST", body: JSON.stringify({ closed: !session.closed }) });
    if (a.status !== 200) $("status").textContent = a.body.detail;
    load();
  });

  const published = () => {
    const p = $("published");
    p.replaceChildren();
    $("close").textContent = session.closed ? "Open the session again" : "Close the session";
    if (!session.closed) { p.textContent = "Open: tables are entering results."; return; }
    p.append("Closed. Published: ");
    for (const [label, href] of [["results page", `/session/${id}`], ["PBN", `/session/${id}/session.pbn`],
                                 ["CSV", `/session/${id}/session.csv`]]) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = label;
      p.append(a, " ");
    }
  };

  let loading = false;
  let again = false;
  const load = async () => {
    if (loading) { again = true; return; }
    loading = true;
    try {
      const a = await api("");
      session = a.body;
      $("event").textContent = `Director · ${session.event || "Session"}`;
      const n = session.results.length;
      $("status").textContent = `Version ${session.version} · ${n} result${n === 1 ? "" : "s"} in`;
      grid(); rankings(); results(); published(); audit();
    } finally {
      loading = false;
      if (again) { again = false; load(); }
    }
  };
  const events = new EventSource(`/api/sessions/${id}/events`);
  events.addEventListener("change", (e) => {
    if (!session || JSON.parse(e.data).version !== session.version) load();
  });
  if (!token) $("status").textContent = "This link has no director token.";
  load();
})();
