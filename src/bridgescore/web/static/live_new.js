// Start a club evening: every option of the Movements page, a preview of the movement chosen
// (GET /api/movement: its rounds, who meets whom, its fairness, whether it is complete and the
// complete movements instead), then the form posts to /api/sessions; the answer's links are
// shown as table cards to print (each table's page carries its token in the link's #fragment),
// and the director's link is kept on this device (live_kept.js), listed here and on My games.
// A published movement comes as a file (POST /api/movement previews it); the pairs' players
// are typed, or chosen from the club's roster (GET /api/roster, a datalist) when logged in.
"use strict";

(() => {
  const form = document.getElementById("live-new");
  if (!form) return;
  const mitchell = () => form.movement.value === "mitchell";
  const fromFile = () => form.movement.value === "file";
  const individual = () => form.movement.value === "individual";
  // The movement file chosen: its text and format (.asc: the ASC standard; else the table).
  const file = { text: "", format: "csv", name: "" };
  let previewed = null;  // the last preview's movement (a file's pairs name its fields)
  form.movement_file.addEventListener("change", async () => {
    const chosen = form.movement_file.files[0];
    file.name = chosen ? chosen.name : "";
    file.format = /\.asc$/i.test(file.name) ? "asc" : "csv";
    file.text = chosen ? await chosen.text().catch(() => "") : "";
    changed();
  });
  const movementFile = () => ({ text: file.text, format: file.format,
    boards_per_round: file.format === "asc" ? count("boards_per_round") : null,
    meetings: form.meet_twice.checked ? 2 : 1 });
  const count = (name) => (form[name].value === "" ? null : Number(form[name].value));

  // The evenings this device started, each with its director's link.
  const kept = () => {
    const list = window.liveKept.all();
    $("kept").hidden = !list.length;
    $("kept-list").replaceChildren(...list.slice(0, 10).map((e) => {
      const li = el("li");
      const a = el("a", gettext("%(event)s · director's page", { event: e.event || gettext("Club evening") }));
      a.href = window.liveKept.link(e.id);
      li.append(a);
      const when = new Date(e.at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
      if (e.at) li.append(el("span", gettext("started %(when)s", { when }), "live-kept-about"));
      return li;
    }));
  };
  kept();
  if (matchMedia("(min-width: 48rem)").matches) {  // a laptop shows the preview unfolded
    for (const part of form.querySelectorAll("#preview details")) part.open = true;
  }

  // The movement as the API takes it (the options of `bridgescore movement`).
  const movement = () => {
    const m = { movement: form.movement.value, boards_per_round: count("boards_per_round"),
                rounds: count("rounds") };
    if (mitchell()) {
      Object.assign(m, { tables: count("tables"), even: form.even.value,
                         arrow_switch: form.arrow_switch.checked, half_table: form.half_table.checked });
    } else if (individual()) m.players = count("players");
    else m.pairs = count("pairs");
    return m;
  };

  // A name field for each pair of the movement chosen (NS 1... EW 1... in a Mitchell, without
  // the last table's NS pair at a half table; 1... in a Howell); what was typed is kept.
  const typed = {};
  const namesBox = $("names");
  const pairFields = () => {
    for (const row of namesBox.querySelectorAll(".live-name")) {
      typed[row.dataset.label] = [...row.querySelectorAll("input")].map((input) => input.value);
    }
    for (const e of form.querySelectorAll("[data-for]")) {
      e.hidden = !e.dataset.for.split(" ").includes(form.movement.value);
    }
    const perRound = fromFile() && file.format !== "asc";  // a table's file says its boards
    for (const e of form.querySelectorAll("#boards_per_round, label[for=boards_per_round]")) e.hidden = perRound;
    const labels = [];
    if (fromFile()) labels.push(...(previewed ? previewed.pairs : []));
    const one = individual();  // an individual: a field a player, by number
    if (one) for (let i = 1; i <= Math.min(Number(form.players.value) || 0, 40); i++) labels.push(`${i}`);
    const howell = !mitchell();
    const n = fromFile() || one ? 0 : Math.min(Number(howell ? form.pairs.value : form.tables.value) || 0, 30);
    for (const side of howell ? [""] : ["NS ", "EW "]) {
      for (let i = 1; i <= n; i++) {
        if (side === "NS " && i === n && form.half_table.checked) continue;
        labels.push(`${side}${i}`);
      }
    }
    const shown = [...namesBox.querySelectorAll(".live-name")].map((row) => row.dataset.label);
    if (shown.join("\n") === labels.join("\n") && namesBox.dataset.kind === String(one)) return;  // the same: the fields stay
    namesBox.dataset.kind = String(one);
    namesBox.replaceChildren(...labels.map((label, i) => {
      const row = el("div", undefined, "live-name");
      const title = one ? gettext("Player %(player)s", { player: label })
        : /^\d+$/.test(label) ? gettext("Pair %(pair)s", { pair: label }) : pairLabel(label);
      row.dataset.label = label;
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", title);
      const inputs = (one ? ["name"] : ["first", "second"]).map((which, j) => {
        const input = document.createElement("input");
        Object.assign(input, { type: "text", maxLength: 200, value: (typed[label] || [])[j] || "",
                               placeholder: i === 0 && !one ? (j ? "Bob Jones" : "Ann Smith") : i === 0 ? "Ann Smith" : "",
                               autocomplete: "off" });
        input.setAttribute("list", "roster");
        input.setAttribute("aria-label", one ? gettext("%(title)s: name", { title })
          : which === "first" ? gettext("%(title)s: first player", { title }) : gettext("%(title)s: second player", { title }));
        if (j === 0) input.dataset.pair = label; else input.dataset.partner = label;
        return input;
      });
      row.append(el("span", title), ...inputs);
      return row;
    }));
  };

  // The club's roster (a director logged in): each player as "Name (number)" in a datalist,
  // so that a few letters or digits offer them; what is typed and not on it is a visitor.
  const player = window.rosterPlayers(loggedIn(), "roster", "roster-hint");

  // The preview: asked again (at most every 250 ms) whenever an option changes.
  // "N1", "E2": a pair's label short, its side's first letter as the reader writes it ("O2" in German)
  const short = (label) => label.replace(/^(NS|EW) /, (all, side) => sideWord(side).slice(0, 1));
  const span = (boards) => {
    const [first, last] = [boards[0], boards[boards.length - 1]];
    return boards.length > 1 && last - first === boards.length - 1 ? `${first}-${last}` : boards.join(",");
  };
  const show = (m) => {
    previewed = m;
    const one = m.movement === "individual";
    const kind = { howell: "Howell", mitchell: "Mitchell", individual: gettext("Individual") }[m.movement]
      || (file.name ? gettext("From %(file)s", { file: file.name }) : gettext("From the file"));
    const counts = { kind, tables: m.tables, rounds: m.rounds, per: m.boards_per_round, boards: m.boards };
    $("preview-line").textContent = one
      ? gettext("%(kind)s: %(tables)s tables, %(players)s players, %(rounds)s rounds of %(per)s boards, %(boards)s boards",
        { ...counts, players: m.players })
      : gettext("%(kind)s: %(tables)s tables, %(pairs)s pairs, %(rounds)s rounds of %(per)s boards, %(boards)s boards",
        { ...counts, pairs: m.pairs.length });
    const verdict = $("preview-complete");
    verdict.className = `live-complete ${m.complete ? "ok" : "warn"}`;
    verdict.textContent = m.completeness;
    $("preview-session").textContent = m.session_error ? gettext("This evening cannot be started: %(why)s.", { why: m.session_error }) : "";
    const options = $("preview-alternatives");
    options.replaceChildren(...m.alternatives.map((a) => {
      const li = el("li");
      const use = el("button", gettext("Use this"));
      use.type = "button";
      use.setAttribute("aria-label", gettext("Use this: %(summary)s", { summary: a.summary }));
      use.addEventListener("click", () => choose(a.options));
      li.append(el("span", a.summary), " ", use);
      return li;
    }));
    if (m.alternatives.length) options.prepend(el("li", gettext("Complete instead:"), "live-alternatives-title"));
    const grid = $("preview-grid");
    grid.replaceChildren();
    const head = el("tr");
    head.append(el("th", gettext("Round")));
    for (let t = 1; t <= m.tables; t++) head.append(el("th", `T${t}`));
    grid.append(head);
    for (let r = 1; r <= m.rounds; r++) {
      const tr = el("tr");
      tr.append(el("th", String(r)));
      for (let t = 1; t <= m.tables; t++) {
        const p = m.plays.find((x) => x.round === r && x.table === t);
        const td = el("td", !p ? "–" : one ? gettext("%(north)s-%(south)s v %(east)s-%(west)s", p)
          : `${short(p.ns)}–${short(p.ew)}`);
        if (p) td.append(el("small", span(p.boards)));
        tr.append(td);
      }
      grid.append(tr);
    }
    for (const th of grid.querySelectorAll("tr:first-child th")) th.scope = "col";
    for (const th of grid.querySelectorAll("tr + tr th")) th.scope = "row";
    const notes = [];
    const sitOuts = m.sit_outs.map((s) => (s.pair ?? null) !== null
      ? gettext("%(pair)s in round %(round)s", { ...s, pair: pairLabel(s.pair) })
      : gettext("player %(player)s in round %(round)s", s)).join(", ");
    const shared = m.shares.map((s) => gettext("tables %(tables)s in round %(round)s",
      { tables: s.tables.join(" & "), round: s.round })).join(", ");
    if (m.sit_outs.length) notes.push(gettext("Sitting out: %(list)s.", { list: sitOuts }));
    if (one) notes.push(gettext("Each cell: North-South v East-West, players by number; every table plays the round's boards (a copy each)."));
    if (m.shares.length) notes.push(gettext("Shared boards: %(list)s.", { list: shared }));
    $("preview-notes").textContent = notes.join(" ");
    $("preview-fair").textContent = m.fairness;
    $("preview-error").textContent = "";
    pairFields();
  };
  let timer = null;
  let asked = null;
  const preview = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      asked?.abort();
      asked = new AbortController();
      const query = new URLSearchParams();
      if (fromFile() && !file.text) {
        previewed = null;
        pairFields();
        $("preview-error").textContent = gettext("Choose a movement file.");
        $("preview").classList.add("stale");
        return;
      }
      if (!fromFile()) for (const [k, v] of Object.entries(movement())) if (v !== null) query.set(k, String(v));
      try {
        const r = await (fromFile()
          ? fetch("/api/movement", { method: "POST", signal: asked.signal, headers: { "Content-Type": "application/json" },
                                     body: JSON.stringify(movementFile()) })
          : fetch(`/api/movement?${query}`, { signal: asked.signal }));
        const body = await r.json();
        if (r.ok) { show(body); $("preview").classList.remove("stale"); return; }
        const d = body.detail;
        $("preview-error").textContent = (fromFile() ? `${file.name}: ` : "")
          + (Array.isArray(d) ? d.map((x) => x.msg).join("; ") : d);
        $("preview").classList.add("stale");
        if (fromFile()) { previewed = null; pairFields(); }
      } catch (e) {
        if (e.name !== "AbortError") $("preview-error").textContent = gettext("The preview could not be loaded.");
      }
    }, 250);
  };
  const changed = () => { if (!fromFile()) previewed = null; pairFields(); preview(); };
  // An alternative's options, put in the form.
  const choose = (o) => {
    form.movement.value = o.movement;
    if (o.movement === "mitchell") {
      form.tables.value = o.tables;
      form.even.value = o.even;
      form.arrow_switch.checked = o.arrow_switch;
      form.half_table.checked = o.half_table;
    } else if (o.movement === "individual") form.players.value = o.players;
    else form.pairs.value = o.pairs;
    form.boards_per_round.value = o.boards_per_round;
    form.rounds.value = o.rounds ?? "";
    changed();
  };
  form.addEventListener("input", (e) => { if (e.target.closest("#names") === null) changed(); });
  form.addEventListener("change", (e) => { if (e.target.closest("#names") === null) changed(); });
  changed();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const names = {};
    const players = {};
    for (const row of namesBox.querySelectorAll(".live-name")) {
      const [a, b] = [...row.querySelectorAll("input")].map((input) => input.value.trim());
      if (individual()) { if (a) names[row.dataset.label] = a; continue; }
      if (a && b) players[row.dataset.label] = [player(a), player(b)];
      else if (a || b) names[row.dataset.label] = a || b;  // the pair's names in one field
    }
    const chosen = fromFile() ? { movement_file: movementFile() } : { movement: movement() };
    const r = await fetch("/api/sessions", { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ event: f.get("event"), method: f.get("method"), ...chosen, names, players }) });
    const body = await r.json().catch(() => ({}));
    if (r.status !== 201) {
      const d = body.detail;
      $("new-error").textContent = Array.isArray(d) ? d.map((x) => x.msg).join("; ") : (d || gettext("Not started (%(status)s).", { status: r.status }));
      return;
    }
    window.liveKept.save(body.id, body.edit_token, f.get("event") || "");
    const whole = (u) => new URL(u, location.href).href;
    $("director-link").href = whole(body.director_url);
    $("director-link").textContent = whole(body.director_url);
    const started = await fetch(`/api/sessions/${body.id}`).then((s) => s.json()).catch(() => null);
    const plays = started ? started.movement.plays : [];  // each card says its table's rounds
    window.liveCards($("cards"), f.get("event"), window.individualTables(started, body.tables), plays);
    form.hidden = true;
    kept();
    $("started").hidden = false;
  });
})();

/** Whether a director is logged in (the page's meta tag): the calls carry the login cookie
 * (same origin, no token in the page), and evenings are the club's. */
function loggedIn() {
  return Boolean(document.querySelector('meta[name="bs-logged-in"]'))
}
