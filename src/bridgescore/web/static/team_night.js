// A team night for the director (data-mode="director": draw rounds, swap two teams, the
// tables' cards, every round drawn; team_director.js adds what the director settles) and on the screen (data-mode="screen"): the round's matches with their
// running IMPs and VPs, each board's IMPs once both rooms are in, the standings and where each
// team sits. Everything follows the event's stream: a result in, the page reads it again.
"use strict";

(() => {
  const root = document.getElementById("team-night");
  if (!root) return;
  const id = root.dataset.event;
  const directing = root.dataset.mode === "director";
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
  const pretty = (text) => (text || "").replace(/^(\d)(NT|[CDHS])/, (_, l, s) => l + SUITS[s]);
  const ROOMS = { open: gettext("Open room"), closed: gettext("Closed room") };
  const api = async (path, options = {}) => {
    const r = await fetch(`/api/events/${id}${path}`, { ...options, credentials: "same-origin",
      headers: { "Content-Type": "application/json" } });
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  const problem = (detail) => (Array.isArray(detail)
    ? detail.map((d) => `${d.loc[d.loc.length - 1]}: ${d.msg}`).join("; ") : String(detail));
  const table = (rows, className = "live-results") => {
    const t = el("table", undefined, className);
    rows.forEach((row, i) => {
      const tr = el("tr");
      for (const v of row) tr.append(el(i ? "td" : "th", String(v)));
      t.append(tr);
    });
    return t;
  };
  // Where an entrant sits in a round (the API's "places": the core's words, "seats", in the
  // page's language).
  const placeText = (p) => {
    if (p.match === null) return gettext("%(entrant)s: bye", p);
    if (p.ns_room === null) return gettext("%(entrant)s: table %(match)s v %(opponents)s", p);
    return p.ns_room === "open"
      ? gettext("%(entrant)s: match %(match)s v %(opponents)s, NS in the open room, EW in the closed room", p)
      : gettext("%(entrant)s: match %(match)s v %(opponents)s, NS in the closed room, EW in the open room", p);
  };
  let version = 0;
  let problemAt = null;  // the version when the draw was refused
  let cards = "";  // the cards drawn (made again only when the draw changes)

  const drawStandings = (summary) => {
    const ko = summary.kind === "knockout";  // a knockout has no VPs: IMPs and who goes through
    const pairs = summary.kind === "swiss-pairs";
    const mp = pairs && summary.method === "mp";  // VPs from matchpoints: no IMP columns
    const row = (s) => [s.rank, s.in_progress ? gettext("%(entrant)s (playing)", s) : s.entrant,
      ...(ko ? [] : [formatNumber(s.vp, 2)]), ...(mp ? [] : [s.imps_for, s.imps_against]), s.played];
    $("standings").replaceWith(Object.assign(table([
      // TRANSLATORS: a heading of the standings on a phone: short ("Pl.", "Gesp.") to fit 360 px
      [pgettext("standings", "Rank"), pairs ? gettext("Pair") : gettext("Team"),
       ...(ko ? [] : [gettext("VPs")]), ...(mp ? [] : [gettext("IMPs +"), gettext("IMPs −")]),
       // TRANSLATORS: a heading of the standings on a phone: short ("Pl.", "Gesp.") to fit 360 px
       pgettext("standings", "Played")],
      ...summary.standings.map(row),
    ], "live-results live-standings"), { id: "standings" }));
    const winner = summary.winner ?? gettext("a shared first place");
    $("standings-title").textContent = summary.over ? gettext("The event is over: %(winner)s", { winner })
      : gettext("Standings");
  };

  // A round's matches in this box (the director's page: every round, the earlier ones folded).
  const drawMatches = async (summary, rnd, box = $("matches")) => {
    const lines = await Promise.all(rnd.matches.map((m) => api(`/rounds/${rnd.round}/matches/${m.match}`)));
    box.replaceChildren();
    rnd.matches.forEach((m, i) => {
      const score = lines[i].body;
      const card = el("div", undefined, "live-match");
      card.dataset.match = String(m.match);
      // Swiss pairs: one table a match, each board's one result, scored as the event's
      // method scores it (the percentages by matchpoints, else Butler IMPs), as the API says
      const pairs = summary.kind === "swiss-pairs";
      const done = score.boards.filter((b) => (pairs ? b.open_in : b.imps !== null)).length;
      card.append(el("h3", pairs ? gettext("Table %(match)s: %(home)s v %(away)s", m) : gettext("Match %(match)s: %(home)s v %(away)s", m)));
      const [home, away] = score.imps;
      const parts = [score.percent
        ? `${formatNumber(score.percent[0], 2)}%–${formatNumber(score.percent[1], 2)}%`
        : (pairs ? gettext("Butler IMPs %(home)s–%(away)s", { home, away }) : gettext("IMPs %(home)s–%(away)s", { home, away }))];
      if (summary.kind !== "knockout") {
        parts.push(gettext("VPs %(home)s–%(away)s", { home: formatNumber(score.vp[0], 2), away: formatNumber(score.vp[1], 2) }));
      }
      parts.push(pairs ? ngettext("%(done)s of %(num)d board in", "%(done)s of %(num)d boards in", score.boards.length, { done })
        : ngettext("%(done)s of %(num)d board scored", "%(done)s of %(num)d boards scored", score.boards.length, { done }));
      card.append(el("p", parts.join(" · "), "live-match-score"));
      // TRANSLATORS: a board entered in this room, its result not shown yet (a table of results)
      const cell = (inRoom, text) => (text ? pretty(text) : (inRoom ? gettext("in") : "…"));
      card.append(table(pairs
        ? [[gettext("Board"), gettext("Result")], ...score.boards.map((b) => [b.board, cell(b.open_in, b.open)])]
        : [[gettext("Board"), gettext("Open"), gettext("Closed"), gettext("IMPs")],
          ...score.boards.map((b) => [b.board, cell(b.open_in, b.open), cell(b.closed_in, b.closed),
                                      b.imps === null ? "" : (b.imps === 0 ? "0"
                                        : `${Math.abs(b.imps)} ${b.imps > 0 ? m.home : m.away}`)])]));
      if (directing) window.teamDirector?.match(card, summary, rnd, m, score);
      box.append(card);
    });
    const bye = rnd.bye ? gettext("Bye: %(bye)s", rnd) : "";
    if (box === $("matches")) $("bye").textContent = bye;
    else if (bye) box.append(el("p", bye));
  };

  // The rounds before this one, each folded (open ones stay open when drawn again).
  const drawEarlier = async (summary, rounds) => {
    const earlier = rounds.slice(0, -1);
    $("part-earlier").hidden = earlier.length === 0;
    $("earlier-count").textContent = earlier.length ? `· ${earlier.length}` : "";
    const open = new Set([...$("earlier").querySelectorAll("details[open]")].map((d) => d.dataset.round));
    const folds = await Promise.all(earlier.map(async (rnd) => {
      const fold = el("details", undefined, "live-fold live-round");
      fold.dataset.round = String(rnd.round);
      fold.open = open.has(fold.dataset.round);
      fold.append(el("summary", gettext("Round %(round)s", rnd)));
      const box = el("div", undefined, "live-rankings");
      fold.append(box);
      await drawMatches(summary, rnd, box);
      return fold;
    }));
    $("earlier").replaceChildren(...folds);
  };

  const drawCards = (summary, rounds) => {
    const tables = new Map();  // match number and room: its link and its rounds
    for (const rnd of rounds) {
      for (const m of rnd.matches) {
        for (const t of m.tables || []) {
          const key = `${m.match}/${t.room}`;
          if (!tables.has(key)) {
            const at = summary.kind === "swiss-pairs" ? gettext("Table %(match)s", m)  // one table: no rooms
              : gettext("Match %(match)s · %(room)s", { match: m.match, room: ROOMS[t.room] });
            tables.set(key, { url: t.url, title: `${summary.name} · ${at}`,
                              rows: [[gettext("Round"), gettext("NS"), gettext("EW"), gettext("Boards")]] });
          }
          const [ns, ew] = t.room === "open" ? [m.home, m.away] : [m.away, m.home];
          tables.get(key).rows.push([rnd.round, ns, ew, `${m.boards[0]}-${m.boards[m.boards.length - 1]}`]);
        }
      }
    }
    const sig = JSON.stringify([...tables.values()]);
    if (sig === cards) return;
    cards = sig;
    window.liveCards($("cards"), summary.name, [...tables.values()], []);
  };

  const drawSwap = (rnd) => {
    const names = [...rnd.matches.flatMap((m) => [m.home, m.away]), ...(rnd.bye ? [rnd.bye] : [])];
    for (const [i, which] of [["swap-a", 0], ["swap-b", 1]]) {
      const select = $(i);
      const was = select.value;
      select.replaceChildren(...names.map((n) => Object.assign(el("option", n), { value: n })));
      select.value = names.includes(was) ? was : names[which] || "";
    }
  };

  const load = async () => {
    try {
      const s = await api("");
      if (s.status !== 200) { $("status").textContent = problem(s.body.detail); return; }
      const summary = s.body;
      if (summary.version > version && problemAt !== null && summary.version > problemAt) {
        $("draw-problem").textContent = "";  // "Not drawn: ..." said before a change: stale now
        problemAt = null;
      }
      version = Math.max(version, summary.version);
      const drawn = summary.rounds.length;
      $("status").textContent = drawn ? gettext("Round %(round)s of %(rounds)s", { round: drawn, rounds: summary.rounds_planned })
        : gettext("No round drawn yet");
      drawStandings(summary);
      if (directing) {
        $("draw").disabled = drawn >= summary.rounds_planned;
        $("draw").textContent = drawn >= summary.rounds_planned ? gettext("Every round is drawn")
          : gettext("Draw round %(round)s", { round: drawn + 1 });
        $("draw-note").textContent = drawn ? "" : gettext("Draw round 1 to make the tables' links.");
      }
      if (directing) window.teamDirector?.loaded(summary);
      if (!drawn) { $("matches").replaceChildren(); $("seats").replaceChildren(); return; }
      const rounds = directing
        ? (await Promise.all(summary.rounds.map((r) => api(`/rounds/${r.round}`)))).map((a) => a.body)
        : [(await api(`/rounds/${drawn}`)).body];
      const rnd = rounds[rounds.length - 1];
      $("round-title").textContent = gettext("Round %(round)s", rnd);
      $("round-title").dataset.round = String(rnd.round);
      $("seats-title").textContent = summary.kind === "swiss-pairs"
        ? gettext("Where each pair sits, round %(round)s", rnd) : gettext("Where each team sits, round %(round)s", rnd);
      $("seats").replaceChildren(...rnd.places.map((place) => el("li", placeText(place))));
      await drawMatches(summary, rnd);
      if (directing) { drawSwap(rnd); drawCards(summary, rounds); await drawEarlier(summary, rounds); }
    } catch { $("status").textContent = gettext("Offline: reconnecting…"); }
  };

  if (directing) {
    $("draw").addEventListener("click", async () => {
      $("draw-problem").textContent = "";
      const a = await api("/rounds", { method: "POST" });
      if (a.status !== 201) {
        $("draw-problem").textContent = gettext("Not drawn: %(why)s", { why: problem(a.body.detail) });
        problemAt = version;
      }
      load();
    });
    // A swap that makes teams meet again answers 409 with the repeats: asked before sending
    // it again with "confirm": true.
    const swap = async (confirmed) => {
      const rnd = $("round-title").dataset.round;
      const body = { entrants: [$("swap-a").value, $("swap-b").value], ...(confirmed ? { confirm: true } : {}) };
      const a = await api(`/rounds/${rnd}/swap`, { method: "POST", body: JSON.stringify(body) });
      $("swap-confirm").hidden = !(a.status === 409 && Array.isArray(a.body.repeat));
      $("swap-problem").textContent = a.status === 200 ? gettext("Swapped.")
        : (a.status === 409 && Array.isArray(a.body.repeat) ? gettext("%(why)s Swap anyway?", { why: problem(a.body.detail) })
          : gettext("Not swapped: %(why)s", { why: problem(a.body.detail) }));
      load();
    };
    $("swap").addEventListener("click", () => swap(false));
    $("swap-confirm").addEventListener("click", () => swap(true));
    $("print").addEventListener("click", () => { $("part-cards").open = true; window.print(); });
  }
  window.teamNight = { load };  // team_director.js reads the night again after a change
  load();
  if (window.EventSource) {
    let waiting = null;
    const events = new EventSource(`/api/events/${id}/events`);
    events.addEventListener("change", (e) => {
      if (JSON.parse(e.data).version <= version || waiting) return;
      waiting = setTimeout(() => { waiting = null; load(); }, 150);  // a burst: one read
    });
  }
})();
