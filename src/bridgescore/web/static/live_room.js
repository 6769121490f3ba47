// The director's controls for the room as it goes (templates/_live_room.html): the sit-outs of
// each round, a late pair (POST /pairs), a pair that leaves (POST /withdrawals), a fouled
// board's versions (PUT /boards/{n}) and a whole board from a traveller slip (a POST /results
// a line, each refused line saying why). The server decides; this page only sends and says the answer.
"use strict";

(() => {
  const root = document.getElementById("live-director");
  const id = root?.dataset.session;
  if (!id || !document.getElementById("room")) return;
  const token = () => localStorage.getItem(`bs_live_director_${id}`) || "";
  const api = async (path, method = "GET", body = undefined) => {
    const r = await fetch(`/api/sessions/${id}${path}`, { method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token()}` },
      body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  const say = (answer, done) => {
    const ok = answer.status < 300;
    $("room-error").textContent = ok ? "" : (typeof answer.body.detail === "string"
      ? answer.body.detail : gettext("That was refused; check the fields."));
    $("room-done").textContent = ok ? done : "";
    if (ok) refresh();
    return ok;
  };
  let session = null;
  let loading = null;  // the page's first read of the session (a click may come before it ends)
  const refresh = async () => {
    const got = await api("");
    if (got.status !== 200) return;
    session = got.body;
    const byRound = new Map();
    for (const s of session.movement.sit_outs) {
      byRound.set(s.round, [...(byRound.get(s.round) || []), s.pair]);
    }
    const empty = session.tables.filter((t) => t.sit_out && !t.finished)
      .map((t) => gettext("table %(table)s (round %(round)s)", { table: t.table, round: t.current_round }));
    const rounds = [...byRound].map(([r, pairs]) => gettext("round %(round)s: %(pairs)s", { round: r, pairs: pairs.map(pairLabel).join(", ") }));
    $("room-sitouts").textContent = (rounds.length ? gettext("Sit-outs: %(rounds)s.", { rounds: rounds.join("; ") })
      : gettext("Sit-outs: none.")) + (empty.length ? ` ${gettext("Sitting out now: %(tables)s.", { tables: empty.join(", ") })}` : "");
  };
  const form = (name) => Object.fromEntries(new FormData($(name)).entries());
  // The club's roster (a director logged in), as the start page offers it: each player as
  // "Name (number)" in a datalist; what is typed and not on it is a visitor.
  const loggedIn = Boolean(document.querySelector('meta[name="bs-logged-in"]'));
  const player = window.rosterPlayers(loggedIn, "room-roster", "room-roster-hint");
  $("room-late").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = form("room-late");
    f.pair = movementLabel(f.pair);  // typed as the page writes it ("OW 2"): the movement's
    const players = [f.player1, f.player2].map((x) => x.trim()).filter(Boolean).map(player);
    const names = f.names.trim() || players.map((p) => p.name).join(" & ");
    const answer = await api("/pairs", "POST",
      { pair: f.pair, names, players, from_round: Number(f.from_round) });
    if (say(answer, gettext("%(pair)s plays from round %(from_round)s.", { ...f, pair: pairLabel(f.pair) }))) $("room-late").reset();
  });
  $("room-withdraw").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = form("room-withdraw");
    f.pair = movementLabel(f.pair);
    const answer = await api("/withdrawals", "POST",
      { pair: f.pair, from_round: Number(f.from_round) });
    if (say(answer, gettext("%(pair)s is withdrawn from round %(from_round)s.", { ...f, pair: pairLabel(f.pair) }))) {
      $("room-withdraw").reset();
    }
  });
  // "1-4 / 5-7" or "1,2,3,4 / 5,6,7": the tables of each version
  const versions = (text) => text.split("/").map((part) => part.split(",").flatMap((x) => {
    const [a, b] = x.split("-").map((n) => Number(n.trim()));
    if (!Number.isInteger(a)) return [];
    return Number.isInteger(b) ? Array.from({ length: Math.max(b - a + 1, 0) }, (_, i) => a + i)
      : [a];
  }));
  $("room-fouled").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = form("room-fouled");
    const answer = await api(`/boards/${Number(f.board)}`, "PUT",
      { versions: versions(f.versions) });
    say(answer, gettext("Board %(board)s: each version is scored as its own field.", f));
  });
  $("room-slip-open").addEventListener("click", async () => {
    const board = Number(form("room-slip").board);
    const lines = $("room-slip-lines");
    lines.replaceChildren();
    if (!session) await loading;
    if (!session) return;
    const plays = session.movement.plays.filter((p) => p.boards.includes(board));
    const t = el("table");
    t.className = "live-results";
    const head = el("tr");
    for (const h of [gettext("Table"), gettext("Round"), gettext("NS v EW"), gettext("Contract"), gettext("By"), gettext("Tricks")]) {
      head.append(el("th", h));
    }
    t.append(head);
    for (const p of plays) {
      const tr = el("tr");
      tr.dataset.table = p.table;
      tr.dataset.round = p.round;
      for (const v of [p.table, p.round, `${pairLabel(p.ns)} v ${pairLabel(p.ew)}`]) tr.append(el("td", String(v)));
      for (const [name, size] of [["contract", 6], ["declarer", 2], ["tricks", 3]]) {
        const input = el("input");
        input.name = name;
        input.size = size;
        input.setAttribute("aria-label", gettext("%(name)s, table %(table)s", { name, table: p.table }));
        const td = el("td");
        td.append(input);
        tr.append(td);
      }
      t.append(tr);
    }
    lines.append(t);
    $("room-slip-save").hidden = plays.length === 0;
  });
  // One request a line (POST /results): a refused line says why on its own row and keeps
  // what was typed; the lines taken say so and are done.
  $("room-slip").addEventListener("submit", async (e) => {
    e.preventDefault();
    const board = Number(form("room-slip").board);
    let saved = 0;
    let refused = 0;
    for (const tr of $("room-slip-lines").querySelectorAll("tr[data-table]")) {
      const v = (n) => tr.querySelector(`input[name=${n}]`)?.value.trim() ?? "";
      if (!v("contract") || tr.dataset.saved) continue;
      const line = { round: Number(tr.dataset.round), table: Number(tr.dataset.table), board,
                     contract: v("contract"), declarer: v("declarer") || null,
                     tricks: v("tricks") === "" ? null : Number(v("tricks")) };
      const answer = await api("/results", "POST", line);
      let why = tr.querySelector(".live-slip-why");
      if (!why) { why = el("td", "", "live-slip-why"); tr.append(why); }
      if (answer.status < 300) {
        saved += 1;
        tr.dataset.saved = "1";
        why.className = "live-slip-why hint";
        why.textContent = gettext("Saved.");
        for (const input of tr.querySelectorAll("input")) input.disabled = true;
      } else {
        refused += 1;
        const d = answer.body.detail;
        why.className = "live-slip-why field-error";
        why.textContent = Array.isArray(d) ? d.map((x) => x.msg).join("; ") : String(d);
      }
    }
    say({ status: refused ? 422 : 200, body: { detail: gettext("Board %(board)s: %(saved)s saved, %(refused)s refused (see each line).", { board, saved, refused }) } },
        gettext("Board %(board)s: %(saved)s results entered.", { board, saved }));
  });
  loading = refresh();
  new EventSource(`/api/sessions/${id}/events`).addEventListener("change", refresh);
})();
