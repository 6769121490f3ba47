// The start page of a teams or Swiss night (/club/new): the kind, the entrants (players from
// the club's roster, as the pairs start page offers them), the schedule previewed by the
// server (POST /api/events/preview: the core's checks and draw); started by POST /api/events,
// then the night's director page. A refusal names its field and shows next to it; nothing
// typed is lost.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const el = (tag, text, className) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (className) e.className = className;
    return e;
  };
  // A director's calls carry the login cookie (same origin): no token is in the page.
  const loggedIn = Boolean(document.querySelector('meta[name="bs-logged-in"]'));
  const form = $("event-new");
  const METHODS = { pairs: [["mp", gettext("Matchpoints")], ["butler", gettext("Butler (IMPs)")]],
                    teams: [["imps", gettext("IMPs")], ["bam", gettext("Board-a-match")]] };
  const kind = () => form.querySelector('input[name="kind"]:checked').value;
  const pairs = () => kind() === "swiss-pairs";
  // An entrant's name by its number: "Pair 3", "Team 3".
  const word = (n) => (pairs() ? gettext("Pair %(number)s", { number: n }) : gettext("Team %(number)s", { number: n }));

  // The kind: which fields show, the scoring methods, the scale, the entrants' rows.
  const shape = () => {
    for (const e of form.querySelectorAll("[data-for]")) e.hidden = !e.dataset.for.split(" ").includes(kind());
    const methods = METHODS[pairs() ? "pairs" : "teams"];
    if ($("method").dataset.kind !== (pairs() ? "pairs" : "teams")) {
      $("method").replaceChildren(...methods.map(([v, t]) => Object.assign(el("option", t), { value: v })));
      $("method").dataset.kind = pairs() ? "pairs" : "teams";
      $("scale").value = pairs() ? "ebu-swiss-pairs-7" : "wbf-2013";
      const boards = $("boards_per_match");  // the EBU Swiss pairs scale is for 7-board matches
      if (boards.value === (pairs() ? "8" : "7")) boards.value = pairs() ? "7" : "8";
    }
    $("count-label").textContent = pairs() ? gettext("Pairs") : gettext("Teams");
    $("entrants-title").textContent = pairs() ? gettext("Pairs, in seeding order") : gettext("Teams, in seeding order");
    rows();
  };

  // One row an entrant: its name and its players (four a team, two a pair); what was typed
  // stays when the count or the kind changes.
  const box = $("entrants");
  const rows = () => {
    const n = Math.max(2, Math.min(60, Number($("count").value) || 2));
    const seats = pairs() ? 2 : 4;
    const old = [...box.children];
    const made = [];
    for (let i = 0; i < n; i++) {
      const row = old[i] || el("div", undefined, "event-entrant");
      row.setAttribute("role", "group");
      if (!old[i]) {
        const name = Object.assign(el("input"), { type: "text", maxLength: 100, autocomplete: "off" });
        name.dataset.name = "1";
        row.append(name);
      }
      const name = row.querySelector("[data-name]");
      name.placeholder = word(i + 1);
      name.setAttribute("aria-label", gettext("%(entrant)s: name", { entrant: word(i + 1) }));
      row.setAttribute("aria-label", word(i + 1));
      const players = [...row.querySelectorAll("[data-player]")];
      for (let j = players.length; j < 4; j++) {
        const p = Object.assign(el("input"), { type: "text", maxLength: 200, autocomplete: "off" });
        p.dataset.player = String(j);
        p.setAttribute("list", "roster");
        row.append(p);
      }
      for (const p of row.querySelectorAll("[data-player]")) {
        const j = Number(p.dataset.player);
        p.hidden = j >= seats;
        p.setAttribute("aria-label", gettext("%(entrant)s: player %(player)s", { entrant: word(i + 1), player: j + 1 }));
        p.placeholder = i === 0 && j < seats ? [gettext("Ann Smith"), gettext("Bob Jones"), gettext("Cy Young"), gettext("Di Lane")][j] : "";
      }
      made.push(row);
    }
    box.replaceChildren(...made);
  };

  // The club's roster: each player as "Name (number)" in a datalist.
  const player = window.rosterPlayers(loggedIn, "roster", "roster-hint");

  // The body POST /api/events takes, from the form as it stands.
  const body = () => {
    const seats = pairs() ? 2 : 4;
    const entrants = [...box.children].map((row, i) => ({
      name: row.querySelector("[data-name]").value.trim() || word(i + 1),
      players: [...row.querySelectorAll("[data-player]")].slice(0, seats)
        .map((p) => p.value.trim()).filter(Boolean).map(player),
    }));
    const b = { kind: kind(), name: $("name").value.trim(), entrants, scale: $("scale").value,
                method: $("method").value, boards_per_match: Number($("boards_per_match").value) };
    if (!$("rounds").hidden && $("rounds").value) b.rounds = Number($("rounds").value);
    return b;
  };

  // A refusal's words next to its field (FastAPI's shape: detail [{loc, msg}], or a string).
  const FIELDS = ["kind", "name", "rounds", "boards_per_match", "scale", "method", "entrants"];
  const refusal = (answer, status, general) => {
    for (const f of FIELDS) $(`err-${f}`).textContent = "";
    general.textContent = "";
    const d = answer.detail;
    if (!Array.isArray(d)) { general.textContent = d || gettext("Refused (%(status)s).", { status }); return; }
    for (const x of d) {
      const loc = x.loc || [];
      let f = loc.includes("entrants") || loc.includes("players") ? "entrants" : String(loc[loc.length - 1]);
      const which = loc[loc.indexOf("entrants") + 1];
      if (loc.includes("entrants") && Number.isInteger(which)) x.msg = gettext("%(entrant)s: %(why)s", { entrant: word(which + 1), why: x.msg });
      if (f === "scoring") f = "method";
      const at = FIELDS.includes(f) ? $(`err-${f}`) : general;
      at.textContent = [at.textContent, x.msg].filter(Boolean).join("; ");
    }
  };
  const clear = () => { for (const f of FIELDS) $(`err-${f}`).textContent = ""; };

  // The preview: asked again (at most every 250 ms) whenever anything changes.
  const LATER = { standings: gettext("drawn from the standings as the night goes"),
                  winners: gettext("the winners meet"), fixed: gettext("fixed now, as shown") };
  const show = (p) => {
    const parts = {
      entrants: pairs() ? ngettext("%(num)d pair", "%(num)d pairs", p.entrants) : ngettext("%(num)d team", "%(num)d teams", p.entrants),
      rounds: ngettext("%(num)d round of %(boards)s boards a match", "%(num)d rounds of %(boards)s boards a match", p.rounds, { boards: p.boards_per_match }),
      matches: ngettext("%(num)d match", "%(num)d matches", p.matches),
      tables: pairs() ? ngettext("%(num)d table a round (one a match)", "%(num)d tables a round (one a match)", p.tables)
        : ngettext("%(num)d table a round (two a match: open and closed room)", "%(num)d tables a round (two a match: open and closed room)", p.tables),
    };
    $("preview-line").textContent = p.entrants % 2
      ? gettext("%(entrants)s, %(rounds)s: %(matches)s and %(tables)s, a bye each round.", parts)
      : gettext("%(entrants)s, %(rounds)s: %(matches)s and %(tables)s.", parts);
    $("preview-complete").textContent = p.later === "fixed" ? gettext("Every round is fixed now, as shown.")
      : gettext("Round 1 as drawn now; the later rounds: %(later)s.", { later: LATER[p.later] });
    const grid = $("preview-grid");
    grid.replaceChildren();
    const head = el("tr");
    head.append(el("th", gettext("Round")), el("th", gettext("Matches")), el("th", gettext("Bye")));
    grid.append(head);
    for (const r of p.schedule) {
      const tr = el("tr");
      tr.append(el("th", String(r.round)),
        el("td", r.matches.map((m, i) => gettext("%(match)s: %(home)s v %(away)s", { match: i + 1, home: m.home, away: m.away })).join(" · ")),
        el("td", r.byes.join(", ") || "–"));
      grid.append(tr);
    }
    $("preview-notes").textContent = p.schedule.length < p.rounds
      ? gettext("Rounds %(first)s-%(last)s: %(later)s.", { first: p.schedule.length + 1, last: p.rounds, later: LATER[p.later] }) : "";
    const fair = [];
    fair.push(p.meetings <= 1 ? gettext("No two meet twice in the rounds shown.")
      : gettext("Some meet %(times)s times.", { times: p.meetings }));
    if (p.byes) {
      fair.push(p.later === "winners"
        ? ngettext("At most %(num)d bye each (the top seeds, in round 1).", "At most %(num)d byes each (the top seeds, in round 1).", p.byes)
        : ngettext("At most %(num)d bye each.", "At most %(num)d byes each.", p.byes));
    }
    if (p.later === "fixed") {
      fair.push(gettext("Each plays %(least)s-%(most)s matches at home (NS in the open room).", { least: p.home[0], most: p.home[1] }));
    }
    if (p.later === "standings") {
      fair.push(gettext("Each round pairs those close on the standings who have not met yet."));
      const most = p.entrants - 1 + (p.entrants % 2);  // rounds before two must meet again
      if (p.rounds > most) {
        fair.push(pairs()
          ? gettext("With %(rounds)s rounds and %(entrants)s pairs, some meet twice: %(most)s rounds let each meet each other at most once.", { rounds: p.rounds, entrants: p.entrants, most })
          : gettext("With %(rounds)s rounds and %(entrants)s teams, some meet twice: %(most)s rounds let each meet each other at most once.", { rounds: p.rounds, entrants: p.entrants, most }));
      }
    }
    $("preview-fair").textContent = fair.join(" ");
    $("preview").classList.remove("stale");
  };
  let asked = null;
  let timer = 0;
  const preview = () => {
    clearTimeout(timer);
    $("preview").classList.add("stale");
    timer = setTimeout(async () => {
      asked?.abort();
      asked = new AbortController();
      try {
        const r = await fetch("/api/events/preview", { method: "POST", signal: asked.signal,
          headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body(), name: body().name || gettext("Preview") }) });
        const answer = await r.json().catch(() => ({}));
        if (r.status === 200) { clear(); $("preview-error").textContent = ""; show(answer); }
        else refusal(answer, r.status, $("preview-error"));
      } catch (e) { if (e.name !== "AbortError") $("preview-error").textContent = gettext("Offline: no preview."); }
    }, 250);
  };

  form.addEventListener("change", (e) => { if (e.target.name === "kind" || e.target.id === "count") shape(); preview(); });
  form.addEventListener("input", preview);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const r = await fetch("/api/events", { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
        body: JSON.stringify(body()) });
      const answer = await r.json().catch(() => ({}));
      if (r.status === 201) { location.assign(`/event/${encodeURIComponent(answer.id)}/director`); return; }
      refusal(answer, r.status, $("new-error"));
      form.querySelector(".field-error:not(:empty)")?.scrollIntoView({ block: "center" });
    } catch { $("new-error").textContent = gettext("Offline: not started; try again."); }
    button.disabled = false;
  });
  shape();
  preview();
})();
