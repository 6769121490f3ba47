// The director's page of a club evening: tables x rounds, late tables, live rankings (server-sent
// events), missing boards and results edited or deleted (kept in the audit trail), artificial
// weighted and split scores, closing. The actions of play (close, averages, the room) come first;
// each part folds: a phone opens the grid only, a laptop the rankings too. The Enter/Edit
// form opens in a row of its own right below the row tapped.
"use strict";

(() => {
  const root = document.getElementById("live-director");
  const id = root?.dataset.session;
  if (!id) return;
  if (location.hash.length > 1) {  // kept on this device (My games and the start page list it)
    window.liveKept.save(id, location.hash.slice(1));
    history.replaceState(null, "", location.pathname);
  }
  const token = window.liveKept.token(id);
  let session = null;
  let editing = null;  // the row whose form is open: {kind, key, round, table, board, ...}
  let saving = false;

  // A laptop shows every part open; a phone the grid and the headings with their counts.
  if (matchMedia("(min-width: 48rem)").matches) {
    for (const part of root.querySelectorAll("details[data-wide]")) part.open = true;
  }

  const api = async (path, options = {}) => {
    const r = await fetch(`/api/sessions/${id}${path}`, { ...options,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } });
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  const cell = (tag, text, className = "") => {
    const c = document.createElement(tag);
    c.textContent = text;
    if (className) c.className = className;
    if (tag === "th" && !className.includes("row")) c.scope = "col";
    return c;
  };

  // The server says which boards are due and which tables are late (bridgescore.live.state):
  // the page only draws it.
  const grid = () => {
    const m = session.movement;
    const got = new Map();
    for (const r of session.results) {
      const k = `${r.round}/${r.table}`;
      got.set(k, (got.get(k) || 0) + 1);
    }
    const late = session.late;
    const table = $("grid");
    table.replaceChildren();
    const head = document.createElement("tr");
    head.append(cell("th", gettext("Table")));
    for (let r = 1; r <= m.rounds; r++) head.append(cell("th", gettext("R%(round)s", { round: r })));
    table.append(head);
    for (let t = 1; t <= m.tables; t++) {
      const tr = document.createElement("tr");
      const behind = late.includes(t);
      const th = cell("th", `${t}`, behind ? "row late" : "row");
      th.scope = "row";
      tr.append(th);
      for (let r = 1; r <= m.rounds; r++) {
        const p = m.plays.find((x) => x.round === r && x.table === t);
        if (!p) { tr.append(cell("td", "—")); continue; }  // no boards here this round (a half table)
        const n = got.get(`${r}/${t}`) || 0;
        tr.append(cell("td", `${n}/${p.boards.length}`,
          n >= p.boards.length ? "full" : (n ? "part" : "none")));
      }
      table.append(tr);
    }
    $("late").textContent = late.length
      ? ngettext("Late: table %(tables)s (boards of rounds the room has left not in).", "Late: tables %(tables)s (boards of rounds the room has left not in).", late.length, { tables: late.join(", ") })
      : ngettext("%(num)d board missing, %(play)s to play.", "%(num)d boards missing, %(play)s to play.", session.due.length, { play: session.missing.length - session.due.length });
    $("grid-count").textContent = late.length ? `· ${gettext("late: %(tables)s", { tables: late.join(", ") })}` : "";
  };

  // One table a field; the pair's names under its label, so that the numbers keep their own
  // narrow columns and never wrap at 360 px.
  const rankings = () => {
    const box = $("rankings");
    box.replaceChildren();
    // an individual ranks its players: no minimum share nor handicaps (the core refuses both)
    $("min-share-form").hidden = $("handicap-form").hidden = Boolean(session.individual);
    const fields = Object.entries(session.rankings).map(([field, rows]) => ({ field, rows }));
    for (const field of fields) {
      const t = document.createElement("table");
      t.className = "live-ranking";
      const cap = document.createElement("caption");
      cap.textContent = session.individual ? gettext("Players") : field.field === "all" ? gettext("Rankings")
        : gettext("%(name)s pairs", { name: sideWord(field.field) });
      t.append(cap);
      // Masterpoints (the club's scheme; the server's awards): one column more, each player's.
      const mp = field.rows.some((row) => "masterpoints" in row);
      const head = document.createElement("tr");
      const who = session.individual ? gettext("Player") : gettext("Pair");  // an individual ranks its players
      for (const [h, cls] of [[gettext("Rank"), "num"], [who, ""], [gettext("Score"), "num"], ["%", "num"],
                              ...(mp ? [[gettext("Award"), "num"]] : [])]) {
        head.append(cell("th", h, cls));
      }
      t.append(head);
      for (const row of field.rows) {
        const tr = document.createElement("tr");
        const pair = document.createElement("td");
        pair.className = "live-pair";
        pair.append(cell("span", pairLabel(row.pair), "live-pair-label"));
        if (row.names) pair.append(cell("span", row.names, "live-pair-names"));
        const score = row.total;
        tr.append(cell("td", row.ranked === false ? gettext("not ranked") : String(row.rank), "num"), pair, cell("td", String(score), "num"),
                  cell("td", row.percent === null ? "" : formatNumber(row.percent, 2), "num"));
        if (mp) {
          const c = cell("td", row.masterpoints ? String(row.masterpoints) : "", "num");
          if (row.masterpoint_type) c.title = gettext("%(points)s %(type)s points each player", { points: row.masterpoints, type: row.masterpoint_type });
          tr.append(c);
        }
        t.append(tr);
      }
      box.append(t);
    }
    const leaders = fields.map((f) => f.rows[0]).filter(Boolean)
      .map((row) => `${pairLabel(row.pair)}${row.percent === null ? "" : ` ${formatNumber(row.percent, 1)}%`}`);
    $("rankings-count").textContent = leaders.length ? `· ${gettext("first: %(pairs)s", { pairs: leaders.join(", ") })}` : "";
  };

  // One row a board at a table, compact enough for a phone: where, who, the result, NS's score
  // and one button (Enter a missing board; Edit a result, with Delete in its form).
  // The API gives the pairs by number; the movement names them ("NS 3", or "3" in a Howell).
  const howell = () => session.movement.movement === "howell";
  const label = (side, n) => (howell() ? String(n) : `${side} ${n}`);
  const keyOf = (r) => `${r.round}/${r.table}/${r.board}`;
  const artificial = (r) => r.artificial;
  const split = (r) => (r.split ? `${sideWord("NS")} ${r.split.ns} / ${sideWord("EW")} ${r.split.ew}` : null);
  const rows = (table, list, kind) => {
    table.replaceChildren();
    const head = document.createElement("tr");
    // TRANSLATORS: "Rnd", "Tbl", "Bd": the headings of a results table on a phone, short (360 px)
    const titles = [[pgettext("short", "Rnd"), gettext("Round")], [pgettext("short", "Tbl"), gettext("Table")],
                    [pgettext("short", "Bd"), gettext("Board")], [`${sideWord("NS")}–${sideWord("EW")}`, gettext("The NS pair v the EW pair")],
                    [gettext("Result"), ""], [sideWord("NS"), gettext("NS score")], ["", ""]];
    for (const [text, title] of titles) {
      const th = cell("th", text);
      if (!text) th.append(cell("span", gettext("Change"), "visually-hidden"));
      if (title) th.title = title;
      head.append(th);
    }
    table.append(head);
    const sorted = list.map((r) => ({ ...r, kind }))
      .sort((a, b) => a.round - b.round || a.table - b.table || a.board - b.board);
    const due = new Set(session.due.map(keyOf));
    for (const r of sorted) {
      const tr = document.createElement("tr");
      tr.dataset.key = keyOf(r);
      const state = due.has(keyOf(r)) ? "missing" : "to play";  // a missing board: due, not in
      if (kind === "missing") tr.className = state === "missing" ? "missing" : "to-play";
      for (const v of [r.round, r.table, r.board, `${r.ns}–${r.ew}`,
                       kind === "missing" ? state : (r.result || artificial(r) || r.weighted || split(r)),
                       r.ns_score ?? ""]) tr.append(cell("td", String(v)));
      const actions = document.createElement("td");
      const edit = cell("button", kind === "missing" ? gettext("Enter") : gettext("Edit"));
      edit.type = "button";
      const where = { round: r.round, table: r.table, board: r.board };
      edit.setAttribute("aria-label", kind === "missing" ? gettext("Enter round %(round)s, table %(table)s, board %(board)s", where)
        : gettext("Edit round %(round)s, table %(table)s, board %(board)s", where));
      edit.setAttribute("aria-expanded", "false");
      edit.setAttribute("aria-controls", "edit");
      edit.addEventListener("click", () => openEdit(r, tr));
      actions.append(edit);
      tr.append(actions);
      table.append(tr);
    }
  };
  const results = () => {
    rows($("results"), session.results, "result");
    rows($("missing"), session.missing, "missing");
    $("results-count").textContent = `· ${gettext("%(n)s in", { n: session.results.length })}`;
    const toPlay = session.missing.length - session.due.length;
    $("missing-count").textContent = `· ${session.due.length}${toPlay ? ` ${gettext("(%(n)s to play)", { n: toPlay })}` : ""}`;
    bulkOptions();
  };

  // Artificial scores for many missing boards at once: a table's round, or every missing board
  // of one pair (the pair's score and its opponents', turned to NS/EW board by board).
  const bulk = $("bulk");
  const NS_EW = ["A/A", "A+/A-", "A-/A+", "A+/A", "A/A+", "A-/A-", "A+/A+"];
  const MINE = [["A-", "A+"], ["A", "A"], ["A-", "A"], ["A+", "A-"]];  // [the pair, opponents]
  const groups = () => {
    const found = new Map();
    const add = (key, label, row) => {
      if (!found.has(key)) found.set(key, { key, label, rows: [] });
      found.get(key).rows.push(row);
    };
    for (const r of session.missing) {
      add(`t/${r.round}/${r.table}`, gettext("Round %(round)s, table %(table)s", r), r);
    }
    for (const pair of session.movement.pairs) {
      for (const r of session.missing) {
        if (label("NS", r.ns) === pair || label("EW", r.ew) === pair) add(`p/${pair}`, gettext("Pair %(pair)s", { pair: pairLabel(pair) }), r);
      }
    }
    return [...found.values()].filter((g) => g.rows.length > 1);
  };
  let shownGroups = [];
  const bulkOptions = () => {
    shownGroups = groups();
    bulk.hidden = !shownGroups.length;
    $("bulk-none").hidden = !bulk.hidden;
    $("averages-count").textContent = session.due.length
      ? `· ${ngettext("%(num)d board missing", "%(num)d boards missing", session.due.length)}` : gettext("· artificial scores in one step");
    const which = $("bulk-which");
    const before = which.value;
    which.replaceChildren(...shownGroups.map((g) => {
      const o = document.createElement("option");
      o.value = g.key;
      o.textContent = `${g.label}: ${ngettext("%(num)d board", "%(num)d boards", g.rows.length)}`;
      return o;
    }));
    if (shownGroups.some((g) => g.key === before)) which.value = before;
    bulkScores();
  };
  const bulkScores = () => {
    const g = shownGroups.find((x) => x.key === $("bulk-which").value);
    const score = $("bulk-score");
    const before = score.value;
    const pair = g && g.key.startsWith("p/") ? g.key.slice(2) : null;
    const choices = pair
      ? MINE.map(([mine, theirs]) => [`${mine}|${theirs}`, gettext("%(pair)s %(mine)s, opponents %(theirs)s", { pair: pairLabel(pair), mine, theirs })])
      : NS_EW.map((x) => [x, `${x} (NS/EW)`]);
    score.replaceChildren(...choices.map(([value, text]) => {
      const o = document.createElement("option");
      Object.assign(o, { value, textContent: text });
      return o;
    }));
    if (choices.some(([v]) => v === before)) score.value = before;
    $("bulk-give").textContent = g ? ngettext("Give %(num)d board", "Give %(num)d boards", g.rows.length) : gettext("Give them");
  };
  $("bulk-which").addEventListener("change", bulkScores);
  bulk.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = shownGroups.find((x) => x.key === $("bulk-which").value);
    if (!g) return;
    const pair = g.key.startsWith("p/") ? g.key.slice(2) : null;
    const [mine, theirs] = $("bulk-score").value.split("|");
    const status = $("bulk-status");
    // one request, all or none: the server turns a pair's score to NS/EW board by board
    const where = pair ? { pair, artificial: `${mine}/${theirs}` }
      : { table: g.rows[0].table, round: g.rows[0].round, artificial: mine };
    const a = await api("/artificial", { method: "POST", body: JSON.stringify(where) });
    if (a.status >= 300) {
      const d = a.body.detail;
      status.textContent = gettext("Not given: %(why)s", { why: Array.isArray(d) ? d.map((x) => x.msg).join("; ") : d });
    } else {
      status.textContent = ngettext("%(num)d board given: %(label)s.", "%(num)d boards given: %(label)s.", a.body.entered, { label: g.label });
    }
    load();
  });

  // The minimum share of boards for a ranking: the server decides who is ranked
  // (bridgescore.duplicate.session); the page sends the director's figure and shows it back.
  const minShare = () => {
    const input = $("min-share");
    if (document.activeElement !== input) input.value = session.min_share || "";
  };
  $("min-share-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const status = $("min-share-status");
    const a = await api("/min-share", { method: "PUT",
      body: JSON.stringify({ share: $("min-share").value.trim() || null }) });
    if (a.status >= 300) {
      const d = a.body.detail;
      status.textContent = gettext("Not set: %(why)s", { why: Array.isArray(d) ? d.map((x) => x.msg).join("; ") : d });
    } else {
      status.textContent = a.body.min_share
        ? gettext("Pairs below %(share)s of the boards are not ranked.", { share: a.body.min_share }) : gettext("Every pair is ranked.");
    }
    $("min-share").blur();
    load();
  });

  // Handicapped rankings beside the scratch ones: the server keeps the rules and works out the
  // handicaps (bridgescore.grades.handicap); the page sends the director's choice.
  let handicapEdited = false; // the director's choice, not yet sent, is kept across redraws
  const handicapShown = () => {
    const rules = session.handicap || null;
    const method = $("handicap-method");
    const list = $("handicap-list");
    if (!handicapEdited) {
      method.value = rules ? rules.method : "";
      if (rules && rules.set) {
        list.value = Object.entries(rules.set).map(([n, v]) => `${n} ${v}`).join("\n");
      }
    }
    list.hidden = method.value !== "set";
  };
  $("handicap-method").addEventListener("change", () => {
    handicapEdited = true;
    $("handicap-list").hidden = $("handicap-method").value !== "set";
  });
  $("handicap-list").addEventListener("input", () => { handicapEdited = true; });
  $("handicap-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const status = $("handicap-status");
    const method = $("handicap-method").value || null;
    const set = {};
    if (method === "set") {
      for (const line of $("handicap-list").value.split("\n")) {
        const [number, points] = line.trim().split(/[\s,;]+/);
        if (number) set[number] = Number(points);
      }
    }
    const a = await api("/handicap", { method: "PUT", body: JSON.stringify({ method, set }) });
    if (a.status >= 300) {
      const d = a.body.detail;
      status.textContent = gettext("Not set: %(why)s", { why: Array.isArray(d) ? d.map((x) => x.msg).join("; ") : d });
    } else {
      handicapEdited = false;
      status.textContent = a.body.handicap
        ? gettext("Handicapped rankings are shown beside the scratch ones.") : gettext("Scratch rankings only.");
    }
    load();
  });

  // Entries the session could not take (a table's phones disagreed, or a correction asked for
  // after closing): each with the stored result, and one tap to keep either.
  let seenConflicts = new Set();
  const conflicts = () => {
    const list = $("conflicts");
    const open = session.conflicts || [];
    // a new conflict: the word on the last one settled is stale
    if (open.some((c) => !seenConflicts.has(c.id))) $("conflicts-status").textContent = "";
    seenConflicts = new Set(open.map((c) => c.id));
    $("part-conflicts").hidden = open.length === 0;
    $("conflicts-count").textContent = open.length ? `· ${gettext("%(n)s to settle", { n: open.length })}` : "";
    list.replaceChildren();
    for (const c of open) {
      const stored = session.results.find((r) => r.id === c.result_id);
      const li = document.createElement("li");
      const what = c.reason === "closed" ? gettext("sent after closing") : gettext("entered differently");
      const kept = stored ? gettext("Stored: %(text)s.", stored) : gettext("Nothing stored.");
      li.append(cell("p", `${gettext("Round %(round)s, table %(table)s, board %(board)s: %(what)s.", { ...c, what })} ${
        gettext("Table's entry: %(text)s.", c)} ${kept}`));
      const keep = (which, text) => {
        const b = cell("button", text);
        b.type = "button";
        b.addEventListener("click", async () => {
          const a = await api(`/conflicts/${c.id}`, { method: "POST", body: JSON.stringify({ keep: which }) });
          $("conflicts-status").textContent = a.status === 200 ? gettext("Board %(board)s settled.", c)
            : gettext("Board %(board)s not settled: %(why)s", { board: c.board, why: a.body.detail });
          load();
        });
        return b;
      };
      li.append(keep("entry", gettext("Keep the table's entry")), " ");
      if (stored) li.append(keep("stored", gettext("Keep the stored result")));
      else li.append(keep("stored", gettext("Discard it")));
      list.append(li);
    }
  };

  // The form's row: right below the row tapped, across the whole table.
  const form = $("edit");
  const home = document.createComment(gettext("the edit form waits here"));
  form.before(home);
  const editRow = document.createElement("tr");
  editRow.className = "live-edit-row";
  const editCell = document.createElement("td");
  editCell.colSpan = 7;
  editRow.append(editCell);
  const anchor = (tr) => {
    for (const b of root.querySelectorAll("button[aria-expanded=true]")) b.setAttribute("aria-expanded", "false");
    tr.querySelector("button")?.setAttribute("aria-expanded", "true");
    editCell.append(form);
    tr.after(editRow);
    tr.closest("details").open = true;
  };
  const closeEdit = (focusBack = false) => {
    const key = editing && editing.key;
    form.hidden = true;
    editing = null;
    editRow.remove();
    home.after(form);
    const button = key && root.querySelector(`tr[data-key="${key}"] button`);
    if (button) {
      button.setAttribute("aria-expanded", "false");
      if (focusBack) button.focus();
    }
    // After a save the lists are drawn again: the focus goes to the same board's row, or (a
    // missing board now entered) to the row that took its place, the next missing board.
    const tr = button && button.closest("tr");
    backTo = focusBack && tr
      ? { key, table: tr.closest("table").id, index: [...tr.parentNode.children].indexOf(tr) }
      : null;
  };
  let backTo = null;
  let refocusing = false;
  document.addEventListener("focusin", () => { if (!refocusing) backTo = null; });  // moved on
  const refocus = () => {
    if (!backTo || editing) return;
    const same = root.querySelector(`tr[data-key="${backTo.key}"] button`);
    const rows = $(backTo.table).querySelectorAll("tr");
    const next = rows[Math.min(backTo.index, rows.length - 1)]?.querySelector("button");
    const shown = (e) => e && !e.closest("details:not([open])");  // not in a folded part
    const target = shown(same) ? same : next;
    if (!target || document.activeElement === target) return;
    refocusing = true;
    target.focus({ preventScroll: true });
    refocusing = false;
    target.scrollIntoView({ block: "nearest" });
  };

  const openEdit = (r, tr) => {
    backTo = null;
    editing = { ...r, key: keyOf(r) };
    anchor(tr);
    form.hidden = false;
    $("edit-title").textContent = gettext("Round %(round)s, table %(table)s, board %(board)s: %(ns)s v %(ew)s",
      { round: r.round, table: r.table, board: r.board, ns: pairLabel(label("NS", r.ns)), ew: pairLabel(label("EW", r.ew)) });
    form.contract.value = r.contract || "";
    form.declarer.value = r.declarer || "";
    form.tricks.value = r.tricks ?? "";
    form.artificial.value = artificial(r) || "";
    form.weighted.value = r.weighted || "";
    form.split_ns.value = r.split?.ns || "";
    form.split_ew.value = r.split?.ew || "";
    $("edit-error").textContent = "";
    $("weighted-error").textContent = "";
    $("edit-delete").hidden = r.kind !== "result";
    editRow.scrollIntoView({ block: "nearest" });  // the whole form on the screen if it fits
    form.contract.focus({ preventScroll: true });
  };

  // After the lists are drawn again (a change from a table, say), the open form goes back
  // below its board's row, with what was typed and the focus where they were.
  const replace = (focused) => {
    if (!editing) return;
    const tr = root.querySelector(`tr[data-key="${editing.key}"]`);
    if (!tr) { closeEdit(); return; }
    const now = tr.closest("table").id === "results" ? "result" : "missing";
    if (now !== editing.kind) {
      const r = (now === "result" ? session.results : session.missing)
        .find((x) => keyOf(x) === editing.key);
      editing = { ...r, kind: now, key: editing.key };
      $("edit-delete").hidden = now !== "result";
      $("edit-error").textContent = now === "result"
        ? gettext("This board was entered meanwhile: saving now changes that result.")
        : gettext("This board's result was deleted meanwhile: saving now enters it.");
    }
    anchor(tr);
    if (focused) {
      const field = form.elements[focused.name];
      field?.focus();
      if (field && focused.start !== null) {
        try { field.setSelectionRange(focused.start, focused.end); } catch { /* not a text field */ }
      }
    }
  };

  $("edit-cancel").addEventListener("click", () => closeEdit(true));
  $("edit-delete").addEventListener("click", async () => {
    const r = editing;
    if (!r || !confirm(gettext("Delete board %(board)s at table %(table)s, round %(round)s?", r))) return;
    const a = await api(`/results/${r.id}`, { method: "DELETE" });
    if (a.status !== 200) { $("edit-error").textContent = a.body.detail; return; }
    closeEdit();
    load();
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = e.target;
    const body = { round: editing.round, table: editing.table, board: editing.board };
    // A split score replaces the result in one step (PUT, the director's change).
    const ns = f.split_ns.value.trim();
    const ew = f.split_ew.value.trim();
    if (ns || ew) body.split = { ns, ew };
    else if (f.weighted.value.trim()) body.weighted = f.weighted.value.trim();
    else if (f.artificial.value) body.artificial = f.artificial.value;
    else Object.assign(body, { contract: f.contract.value.trim(), declarer: f.declarer.value.trim() || null,
                               tricks: f.tricks.value === "" ? null : Number(f.tricks.value) });
    saving = true;  // the lists are not drawn again under the form until the answer is in
    let a;
    try {
      a = editing.kind === "result"
        ? await api(`/results/${editing.id}`, { method: "PUT", body: JSON.stringify(body) })
        : await api("/results", { method: "POST", body: JSON.stringify(body) });
    } finally {
      saving = false;
    }
    if (a.status >= 300) {
      const d = a.body.detail;
      const about = (x) => Array.isArray(x.loc) && x.loc.includes("weighted");
      const listed = Array.isArray(d) ? d : [];
      $("weighted-error").textContent = listed.filter(about).map((x) => x.msg).join("; ");
      $("edit-error").textContent = Array.isArray(d) ? listed.filter((x) => !about(x)).map((x) => x.msg).join("; ") : d;
      if (again) { again = false; load(); }
      return;
    }
    again = false;
    closeEdit(true);
    load();
  });

  const audit = async () => {
    const a = await api("/changes");
    const list = $("audit");
    list.replaceChildren();
    const changes = a.body.changes || [];
    for (const c of changes.slice().reverse()) {
      const what = (x) => x ? (artificial(x) || x.weighted || split(x) || `${x.contract}${x.declarer ? " " + x.declarer : ""}${x.contract === "Pass" ? "" : " " + x.tricks}`) : "—";
      const ref = c.new || c.old;
      list.append(cell("li", `${changeWords(c)} · ` +
        gettext("R%(round)s T%(table)s board %(board)s: %(before)s → %(after)s", { round: ref.round, table: ref.table, board: ref.board, before: what(c.old), after: what(c.new) })));
    }
    $("audit-count").textContent = `· ${ngettext("%(num)d change", "%(num)d changes", changes.length)}`;
  };

  $("show-cards").addEventListener("click", async () => {
    if (!session) return;  // not loaded yet
    const a = await api("/tables");
    $("cards-error").textContent = a.status === 200 ? "" : a.body.detail;
    if (a.status !== 200) return;
    window.liveCards($("cards"), session.event, window.individualTables(session, a.body.tables),
      session.movement.plays);
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
    $("close").textContent = session.closed ? gettext("Open the session again") : gettext("Close the session");
    if (!session.closed) { p.textContent = gettext("Open: tables are entering results."); return; }
    p.append(gettext("Closed. Published: "));
    for (const [label, href] of [[gettext("results page"), `/session/${id}`], ["PBN", `/session/${id}/session.pbn`],
                                 ["CSV", `/session/${id}/session.csv`]]) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = label;
      p.append(a, " ");
    }
    filing();
  };

  // Filing the masterpoints with the national body: one tap; the server makes the file only
  // once the correction period has ended (409 before, its words shown here).
  const filing = () => {
    const box = $("filing");
    box.hidden = !(session.closed && session.filing && session.filing.formats.length);
    if (box.hidden) return;
    const buttons = $("filing-buttons");
    buttons.replaceChildren();
    for (const format of session.filing.formats) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = gettext("File the masterpoints (%(format)s)", { format: format.toUpperCase() });
      b.addEventListener("click", () => fileMasterpoints(format));
      buttons.append(b);
    }
  };
  const fileMasterpoints = async (format) => {
    const r = await fetch(`/api/sessions/${id}/masterpoints?format=${format}`,
      { headers: { Authorization: `Bearer ${token}` } });
    if (r.status !== 200) {
      const body = await r.json().catch(() => ({}));
      $("filing-status").textContent = typeof body.detail === "string" ? body.detail : gettext("Error %(status)s", { status: r.status });
      return;
    }
    const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(await r.blob());
    a.download = name ? name[1] : `masterpoints.${format}`;
    a.click();
    URL.revokeObjectURL(a.href);
    const left = decodeURIComponent(r.headers.get("X-Unfiled") || "");
    $("filing-status").textContent = left
      ? gettext("Saved. Not in the file (no national number): %(names)s.", { names: left })
      : gettext("Saved: upload it to the national body.");
  };

  let loading = false;
  let again = false;
  const load = async () => {
    if (loading || saving) { again = true; return; }
    loading = true;
    try {
      const a = await api("");
      if (a.status !== 200) { $("status").textContent = a.body.detail || gettext("Error %(status)s", a); return; }
      session = a.body;
      if (token) window.liveKept.save(id, token, session.event);
      const sessionName = session.event || gettext("Session");
      $("event").textContent = gettext("Director · %(event)s", { event: sessionName });
      const n = session.results.length;
      $("status").textContent = ngettext("Version %(version)s · %(num)d result in", "Version %(version)s · %(num)d results in", n, { version: session.version });
      const active = document.activeElement;
      const focused = form.contains(active) && active.name
        ? { name: active.name, start: active.selectionStart ?? null, end: active.selectionEnd ?? null }
        : null;
      grid(); rankings(); minShare(); handicapShown(); results(); conflicts(); replace(focused); refocus(); published(); audit();
    } finally {
      loading = false;
      listen();  // after the first answer, which names the stream with the director's pass
      if (again) { again = false; load(); }
    }
  };
  // The stream, opened once the session's answer names it with the director's pass (its
  // streams counted as the director's, not as the club room's address's).
  let events = null;
  function listen() {
    if (events) return;
    events = new EventSource((session && session.stream) || `/api/sessions/${id}/events`);
    events.addEventListener("change", (e) => {
      if (!session || JSON.parse(e.data).version !== session.version) load();
    });
  }
  if (!token) $("status").textContent = gettext("This link has no director token.");
  load();
})();
