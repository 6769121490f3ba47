// What a team night's director settles from the page (team_night.html, data-mode="director"),
// through the same calls as a pairs evening's (/api/sessions/{id} with the event's id, the
// director's login): conflicts kept from the tables, the director's Edit, the audit trail, a tied knockout
// match's carry-over or extra boards (/api/events/{id}/rounds/{r}/matches/{m}/...).
// team_night.js draws the rounds and calls window.teamDirector.match and .loaded.
"use strict";

(() => {
  const root = document.getElementById("team-night");
  if (!root || root.dataset.mode !== "director") return;
  const id = root.dataset.event;
  const call = async (url, options = {}) => {
    const r = await fetch(url, { ...options, credentials: "same-origin",
      headers: { "Content-Type": "application/json" } });  // the login cookie, same origin
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  const night = (path, options) => call(`/api/sessions/${id}${path}`, options);
  const said = (a) => {
    const d = a.body.detail;
    if (Array.isArray(d)) return d.map((x) => x.msg).join("; ");
    return d ? String(d) : gettext("the server answered %(status)s", a);
  };
  const refresh = () => window.teamNight?.load();

  // Entries the night could not take (a room's phones disagreed): each with the stored result.
  let seen = new Set();
  const conflicts = (session) => {
    const open = session.conflicts || [];
    if (open.some((c) => !seen.has(c.id))) $("conflicts-status").textContent = "";
    seen = new Set(open.map((c) => c.id));
    $("part-conflicts").hidden = open.length === 0;
    $("conflicts-count").textContent = open.length ? `· ${gettext("%(count)s to settle", { count: open.length })}` : "";
    $("conflicts").replaceChildren(...open.map((c) => {
      const stored = session.results.find((r) => r.id === c.result_id);
      const li = el("li");
      const what = c.reason === "closed" ? gettext("sent after closing") : gettext("entered differently");
      const kept = stored ? gettext("Stored: %(text)s.", stored) : gettext("Nothing stored.");
      li.append(el("p", [gettext("Round %(round)s, table %(table)s, board %(board)s: %(what)s.", { ...c, what }),
        gettext("Table's entry: %(text)s.", c), kept].join(" ")));
      const keep = (which, text) => {
        const b = el("button", text);
        b.type = "button";
        b.addEventListener("click", async () => {
          const a = await night(`/conflicts/${c.id}`, { method: "POST", body: JSON.stringify({ keep: which }) });
          $("conflicts-status").textContent = a.status === 200 ? gettext("Board %(board)s settled.", c)
            : gettext("Board %(board)s not settled: %(why)s", { board: c.board, why: said(a) });
          refresh();
        });
        return b;
      };
      li.append(keep("entry", gettext("Keep the table's entry")), " ", keep("stored", stored ? gettext("Keep the stored result") : gettext("Discard it")));
      return li;
    }));
  };

  const audit = async () => {
    const a = await night("/changes");
    const changes = a.body.changes || [];
    const what = (x) => (x ? (x.artificial || x.weighted
      || `${x.contract}${x.declarer ? ` ${x.declarer}` : ""}${x.contract === "Pass" ? "" : ` ${x.tricks}`}`) : "—");
    $("audit").replaceChildren(...changes.slice().reverse().map((c) => {
      const ref = c.new || c.old;
      return el("li", `${changeWords(c)} · ${
        gettext("R%(round)s T%(table)s board %(board)s: %(old)s → %(new)s", { ...ref, old: what(c.old), new: what(c.new) })}`);
    }));
    $("audit-count").textContent = `· ${ngettext("%(num)d change", "%(num)d changes", changes.length)}`;
  };

  // A knockout match with every board in and the IMPs level: the director sets a carry-over
  // or has extra boards played, from the match's own card. What the director types there is
  // kept across the page's redraws (a redraw comes with every change of the event).
  const typed = new Map();
  const tie = (card, summary, rnd, m, score) => {
    if (!score.tied) return;  // the server says (bridgescore.events.tied)
    const base = `/api/events/${id}/rounds/${rnd.round}/matches/${m.match}`;
    const box = el("form", undefined, "live-edit live-tie");
    box.append(el("p", score.carry_over
      ? gettext("Tied (carry-over %(carry)s) at %(imps)s IMPs: set a carry-over or play extra boards.", { carry: score.carry_over, imps: score.imps[0] })
      : gettext("Tied at %(imps)s IMPs: set a carry-over or play extra boards.", { imps: score.imps[0] })));
    const field = (label, name, value) => {
      const l = el("label", label);
      const key = `${rnd.round}/${m.match}/${name}`;
      const input = Object.assign(el("input"), { type: "number", name, value: typed.get(key) ?? value, step: name === "imps" ? "0.5" : "1" });
      input.addEventListener("input", () => typed.set(key, input.value));
      l.append(" ", input);
      return l;
    };
    const carry = el("button", gettext("Set the carry-over"));
    const extra = el("button", gettext("Play extra boards"));
    carry.type = "button";
    extra.type = "button";
    const note = el("p", "", "field-error");
    note.setAttribute("role", "alert");
    const send = async (path, body, done) => {
      const a = await call(`${base}${path}`, { method: path === "/carry-over" ? "PUT" : "POST", body: JSON.stringify(body) });
      note.textContent = a.status === 200 ? "" : gettext("Not done: %(why)s", { why: said(a) });
      if (a.status === 200) {
        for (const name of ["imps", "boards"]) typed.delete(`${rnd.round}/${m.match}/${name}`);
        note.className = "hint"; note.textContent = done; refresh();
      }
    };
    carry.addEventListener("click", () => send("/carry-over", { imps: Number(box.imps.value) }, gettext("Carry-over set.")));
    extra.addEventListener("click", () => send("/extra-boards", { boards: Number(box.boards.value) }, gettext("Extra boards added.")));
    box.append(field(gettext("Carry-over IMPs to the home team"), "imps", "0.5"), carry,
               field(gettext("Extra boards"), "boards", "4"), extra, note);
    box.addEventListener("submit", (e) => e.preventDefault());
    card.append(box);
  };

  // The director's correction of a board at a table (a room): the stored result changed (PUT,
  // kept in the audit trail), or entered if none is in.
  let session = null;
  $("edit").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = e.target;
    const body = { round: Number(f.round.value), table: Number(f.table.value), board: Number(f.board.value),
                   contract: f.contract.value.trim(), declarer: f.declarer.value.trim() || null,
                   tricks: f.tricks.value === "" ? null : Number(f.tricks.value) };
    const now = session && session.results.find((r) => r.round === body.round
      && r.table === body.table && r.board === body.board);
    const a = now ? await night(`/results/${now.id}`, { method: "PUT", body: JSON.stringify(body) })
      : await night("/results", { method: "POST", body: JSON.stringify(body) });
    $("edit-status").textContent = a.status < 300
      ? gettext("Round %(round)s, table %(table)s, board %(board)s: %(text)s.", { ...body, text: a.body.text })
      : gettext("Not saved: %(why)s", { why: said(a) });
    if (a.status < 300) refresh();
  });

  // Tables x rounds, as on a pairs evening's page: each room's boards in of its boards (a
  // match's open room is table 2m-1, its closed room 2m); late tables marked (the server says).
  const grid = (night) => {
    const rounds = [...new Set(night.sittings.map((s) => s.round))].sort((a, b) => a - b);
    const tables = [...new Set(night.sittings.map((s) => s.table))].sort((a, b) => a - b);
    const got = new Map();
    for (const r of night.results) got.set(`${r.round}/${r.table}`, (got.get(`${r.round}/${r.table}`) || 0) + 1);
    const late = night.late || [];
    const head = el("tr");
    head.append(el("th", gettext("Table")), ...rounds.map((r) => el("th", gettext("R%(round)s", { round: r }))));
    const rows = tables.map((t) => {
      const tr = el("tr");
      tr.append(el("th", String(t), late.includes(t) ? "row late" : "row"));
      for (const r of rounds) {
        const s = night.sittings.find((x) => x.round === r && x.table === t);
        const n = got.get(`${r}/${t}`) || 0;
        tr.append(s ? el("td", `${n}/${s.boards.length}`, n >= s.boards.length ? "full" : (n ? "part" : "none"))
          : el("td", ""));
      }
      return tr;
    });
    $("grid").replaceChildren(head, ...rows);
    $("grid-count").textContent = late.length ? `· ${gettext("late: %(tables)s", { tables: late.join(", ") })}` : "";
  };

  const loaded = async (summary) => {
    const a = await night("");
    if (a.status !== 200) return;
    session = a.body;
    grid(a.body);
    conflicts(a.body);
    audit();
    const due = a.body.due || [];  // due: of rounds the room has left (the server says)
    const late = a.body.late || [];
    $("draw-note").textContent = summary.rounds.length === 0 ? gettext("Draw round 1 to make the tables' links.")
      : [late.length ? ngettext("Late: table %(tables)s (boards of rounds the room has left not in).",
        "Late: tables %(tables)s (boards of rounds the room has left not in).", late.length, { tables: late.join(", ") }) : "",
      ngettext("%(num)d board missing, %(play)s to play.", "%(num)d boards missing, %(play)s to play.", due.length,
        { play: (a.body.missing || []).length - due.length })].filter(Boolean).join(" ");
  };
  window.teamDirector = {
    match: tie,
    loaded: (summary) => { loaded(summary); },
  };
})();
