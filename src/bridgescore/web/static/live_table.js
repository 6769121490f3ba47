// The table page of a club evening: what it draws itself (the pairs by name, a sit-out, where
// the pairs and boards go after a round, the players asked at the start, each saved board's
// traveller and hand record). The entry, the chooser, fixes, the offline queue, refusals and
// following the evening are table_page.js's (TablePage), as on a team night's table.
"use strict";

(() => {
  const root = document.getElementById("live-table");
  if (!root) return;
  const { pretty } = TablePage;
  const vulnerabilityName = (v) => ({ None: gettext("None"), NS: gettext("NS"), EW: gettext("EW"),
    All: gettext("All") })[v] || v;
  let state = null;  // the table's state, TablePage's
  const name = (label) => {
    const names = state.session.names[label];
    return names ? `${pairLabel(label)} (${names})` : pairLabel(label);
  };
  // An individual: the four players at a table in a round, from its own movement (players
  // by number; the pairs' movement is its partnerships').
  const SEATS = { north: gettext("North"), east: gettext("East"), south: gettext("South"), west: gettext("West") };
  const seated = (round, at) => {
    const one = state.session.individual;
    return one ? one.movement.plays.find((p) => p.round === round && p.table === at) : null;
  };
  const player = (n) => {
    const named = state.session.individual.names[String(n)];
    return named ? `${named} (${n})` : gettext("Player %(player)s", { player: n });
  };
  const fourText = (four) => Object.entries(SEATS).map(([seat, title]) => gettext("%(seat)s: %(player)s", { seat: title, player: player(four[seat]) }));

  // -- the players, asked once before the first board of the first round (as Bridgemate
  // does; live_players.js draws and sends the form). Asked at a club's evenings (a roster to
  // look numbers up in), not at open ones; the server decides who may.
  const keyPlayers = () => `bs_live_players_${root.dataset.session}_${state.table}`;
  const unnamed = (view) => {
    const s = state.session;
    const first = view.plays[0];
    if (!(s.tags || {}).Club || s.individual) return [];  // an open evening: no roster to ask
    if (s.closed || !first || view.round !== first.round || view.play.round !== first.round) return [];
    if (localStorage.getItem(keyPlayers()) || view.done.size) return [];
    return [first.ns, first.ew].filter((label) => !(s.players || {})[label]);
  };
  const players = window.livePlayers($("players"), {
    api: (...args) => table.api(...args),
    refusal: (answer) => table.refusal(answer),
    done: (saved) => {
      localStorage.setItem(keyPlayers(), "1");
      if (saved) { table.status(gettext("Players saved."), true); table.reread(); }
      table.render();
    },
  });

  // -- where the table is: its round and pairs; a half table; the players to ask -----------
  const top = (view) => {
    const { play, pos, round } = view;
    const s = state.session;
    if (!play) { // a half table nobody has joined yet: say who sits out, round by round
      $("where").textContent = gettext("Table %(table)s · Round %(round)s of %(rounds)s: a sit-out",
        { table: state.table, round: pos.current_round, rounds: s.movement.rounds });
      $("pairs").textContent = sitOutText(pos.current_round);
      $("next").hidden = false;
      $("next").textContent = gettext("Nobody plays at this table yet (a half table). The director seats a late pair here; this page then shows its boards.");
      return true;
    }
    $("where").textContent = round === null
      ? (pos.sit_out ? gettext("Table %(table)s · Round %(round)s: a sit-out", { table: state.table, round: pos.current_round })
        : gettext("Table %(table)s: all rounds entered", { table: state.table }))
      : gettext("Table %(table)s · Round %(round)s of %(rounds)s", { table: state.table, round, rounds: s.movement.rounds });
    const four = seated(play.round, play.table);
    if (four) {  // an individual: each player by seat, NS then EW
      const [n, e, so, w] = fourText(four);
      $("pairs").replaceChildren(el("span", `${n} · ${so}`, "live-side"),
        el("span", gettext("v %(east)s · %(west)s", { east: e, west: w }), "live-side"));
    } else $("pairs").textContent = gettext("%(ns)s v %(ew)s", { ns: name(play.ns), ew: name(play.ew) });
    const labels = unnamed(view);
    players.show(labels, play, s.names);
    if (!labels.length) return false;
    $("next").hidden = true;
    return true;
  };
  // No board to enter now: the round is done (where to go), or every round is.
  const between = (view) => {
    const { pos } = view;
    if (view.round !== null) { showNext(view.play, false); return; }
    showNext(view.last, true);
    if (pos.sit_out) {
      $("pairs").textContent = sitOutText(pos.current_round);
      $("next").textContent = gettext("This table sits out round %(round)s and plays no more rounds. Thank you!", { round: pos.current_round });
    }
  };
  // A board opens: the first board of a new round says where the last round's EW pair and
  // boards went; a table that sits out this round says what it plays next.
  const before = (view) => {
    const { round, play, pos } = view;
    const earlier = view.plays.find((p) => p.round === round - 1);
    if (!view.fixing && earlier && view.open.length === play.boards.length) showNext(earlier, false);
    else $("next").hidden = true;
    if (!view.fixing && pos.sit_out && round > pos.current_round) sitOutNote(pos.current_round, play);
  };

  // -- a sit-out round: nobody plays at this table (a half table, or the opponents left) --
  const sitOutText = (round) => {
    const out = (state.session.movement.sit_outs || []).filter((x) => x.round === round);
    return out.length ? gettext("Sitting out in round %(round)s: %(pairs)s", { round, pairs: out.map((x) => name(x.pair)).join(", ") })
      : gettext("Nobody plays at this table in round %(round)s", { round });
  };
  const sitOutNote = (round, next) => {
    const box = $("next");
    box.hidden = false;
    box.replaceChildren(el("h2", gettext("Round %(round)s: this table sits out.", { round })),
      el("p", `${sitOutText(round)}. ${gettext("Round %(round)s here: %(ns)s v %(ew)s, boards %(boards)s; enter them below once played.",
        { round: next.round, ns: name(next.ns), ew: name(next.ew), boards: next.boards.join(", ") })}`));
  };

  // -- the end of a round: where EW and the boards go next -------------------------------
  const showNext = (play, finished) => {
    const box = $("next");
    box.hidden = false;
    if (finished) {
      box.textContent = state.session.closed
        ? gettext("The director has closed the session. A result to fix? Tap its board above: the fix goes to the director.")
        : gettext("All your boards are in. Thank you!");
      return;
    }
    const movement = state.session.movement;
    const four = seated(play.round, play.table);
    if (four) {  // an individual: where each of the four players sits next
      const next = state.session.individual.movement.plays.filter((p) => p.round === play.round + 1);
      const goes = (n) => {
        for (const p of next) {
          for (const [seat, title] of Object.entries(SEATS)) {
            if (p[seat] === n) return gettext("%(player)s: table %(table)s, %(seat)s.", { player: player(n), table: p.table, seat: title });
          }
        }
        return next.length ? gettext("%(player)s: you sit out round %(round)s.", { player: player(n), round: play.round + 1 })
          : gettext("%(player)s: you have finished.", { player: player(n) });
      };
      box.replaceChildren(el("h2", gettext("Round %(round)s is done.", { round: play.round })),
        el("p", `${Object.keys(SEATS).map((seat) => goes(four[seat])).join(" ")} ${gettext("Boards: to the director.")}`));
      return;
    }
    const later = movement.plays.filter((p) => p.round === play.round + 1);
    // where the boards go: the movement's own words, as the table card prints them
    const going = (state.session.boards_next || []).find((x) => x.round === play.round
      && x.table === play.table);
    const goes = (pair) => {
      const at = later.find((p) => p.ew === pair || p.ns === pair);
      if (at) {
        const values = { pair: pairLabel(pair), table: at.table };
        if (at.ns === pair) return gettext("%(pair)s: go to table %(table)s (sit NS).", values);
        if (at.ew === pair && movement.movement === "howell") return gettext("%(pair)s: go to table %(table)s (sit EW).", values);
        return gettext("%(pair)s: go to table %(table)s.", values);
      }
      const plays = movement.plays.filter((p) => p.round > play.round
        && (p.ns === pair || p.ew === pair));
      return plays.length ? gettext("%(pair)s: you sit out round %(round)s; then table %(table)s in round %(next)s.",
        { pair: pairLabel(pair), round: play.round + 1, table: plays[0].table, next: plays[0].round })
        : gettext("%(pair)s: you have finished.", { pair: pairLabel(pair) });
    };
    box.replaceChildren(el("h2", gettext("Round %(round)s is done.", { round: play.round })),
      el("p", `${movement.movement === "howell" ? `${goes(play.ns)} ${goes(play.ew)}` : goes(play.ew)} ${
        !going ? gettext("Boards: to the director.") : going.to === "not in play"
          ? gettext("Boards %(boards)s: to the director (no table plays them again).", { boards: going.boards })
          : going.to.startsWith("table") ? gettext("Boards %(boards)s: to %(to)s.", { boards: going.boards, to: going.said || going.to })
            : gettext("Boards %(boards)s: %(to)s.", { boards: going.boards, to: going.said || going.to })}`));
  };

  // -- a saved board: its traveller so far, and its hand record once the table may see it --
  let awaiting = null;  // a board whose double-dummy table is still to come
  const showTraveller = async (board, mine) => {
    let answer = null;
    try { answer = await table.api(`/boards/${board}`); } catch { return; }  // offline: later
    if (answer.status !== 200) return;  // not this table's to see yet
    const t = answer.body;
    const box = $("traveller");
    box.hidden = false;
    box.replaceChildren();
    const lines = el("table", undefined, "live-traveller");
    const dd = Boolean(t.hand && t.hand.dd);
    if (dd) lines.classList.add("live-versus");  // eight columns: the headings wrap to fit 360 px
    const head = el("tr");
    for (const text of [gettext("NS"), gettext("EW"), gettext("Result"), gettext("Score"), gettext("NS pts"), gettext("EW pts")]) {
      head.append(el("th", text));
    }
    if (dd) {
      head.append(Object.assign(el("th", gettext("vs DD")), { title: gettext("Declarer's tricks less double dummy's") }),
        Object.assign(el("th", gettext("vs par")), { title: gettext("NS's score less par") }));
    }
    lines.append(head);
    for (const line of t.lines || []) {
      const tr = el("tr", undefined, line.table === mine.table && line.round === mine.round ? "mine" : "");
      const four = seated(line.round, line.table);  // an individual: its players by number
      const values = [four ? `${four.north}-${four.south}` : pairLabel(line.ns), four ? `${four.east}-${four.west}` : pairLabel(line.ew),
        pretty(line.result), line.ns_score ?? "", line.ns_points, line.ew_points];
      if (dd) values.push(line.vs_dd, line.vs_par);
      tr.append(...values.map((v) => el("td", String(v))));
      lines.append(tr);
    }
    box.append(el("h2", gettext("Board %(board)s so far", { board })), lines);
    if (t.hand) box.append(handRecord(t.hand));
    // read again on the next change if the double-dummy table is still to come
    awaiting = t.hand && !t.hand.dd ? { board, mine } : null;
  };
  // A board's hand record, as the server sends it once this table may see it: the four hands
  // (North on top), the double-dummy tricks (declarer by strain) and par.
  const SUIT_NAMES = [["♠", "spades"], ["♥", "hearts"], ["♦", "diamonds"], ["♣", "clubs"]];
  const handRecord = (hand) => {
    const box = document.createElement("div");
    box.className = "live-hand";
    box.id = "hand";
    const h = document.createElement("h3");
    h.textContent = gettext("Board %(board)s: the hands", { board: hand.board });
    const grid = document.createElement("table");
    grid.className = "hand-diagram";
    const seat = (s) => {
      const td = document.createElement("td");
      const name = { N: "north", E: "east", S: "south", W: "west" }[s];
      td.className = `hand ${name}`;
      td.setAttribute("aria-label", { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") }[s]);
      (hand.hands[s] || ["", "", "", ""]).forEach((cards, i) => {
        const sym = document.createElement("span");
        sym.className = `suit ${SUIT_NAMES[i][1]}`;
        sym.textContent = SUIT_NAMES[i][0];
        td.append(sym, ` ${ranksText(cards) || "—"}`, document.createElement("br"));
      });
      return td;
    };
    const empty = () => document.createElement("td");
    for (const row of [[empty(), seat("N"), empty()], [seat("W"), empty(), seat("E")], [empty(), seat("S"), empty()]]) {
      const tr = document.createElement("tr");
      tr.append(...row);
      grid.append(tr);
    }
    box.append(h, grid);
    if (!hand.dd) {
      const p = document.createElement("p");
      p.className = "par";
      p.textContent = gettext("Double-dummy table: not solved yet.");
      box.append(p);
      return box;
    }
    const dd = document.createElement("table");
    dd.className = "dd";
    dd.setAttribute("aria-label", gettext("Double-dummy tricks"));
    dd.innerHTML = "<tr><th></th><th>NT</th><th><span class=\"suit spades\">♠</span></th><th><span class=\"suit hearts\">♥</span></th>"
      + "<th><span class=\"suit diamonds\">♦</span></th><th><span class=\"suit clubs\">♣</span></th></tr>";
    for (const s of ["N", "S", "E", "W"]) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = s;
      tr.append(th);
      for (const strain of ["NT", "S", "H", "D", "C"]) {
        const td = document.createElement("td");
        td.textContent = String(hand.dd[s][strain]);
        tr.append(td);
      }
      dd.append(tr);
    }
    const par = document.createElement("p");
    par.className = "par";
    par.textContent = gettext("Par: %(par)s", { par: hand.par.said || hand.par.text });
    box.append(dd, par);
    return box;
  };
  const table = TablePage.start({
    root,
    id: root.dataset.session,
    keys: "bs_live",
    plays: (session) => session.movement.plays,
    top,
    between,
    before,
    title: ({ board, info, fixing, closed }) => (!fixing
      ? gettext("Board %(board)s · %(dealer)s deals · %(vulnerability)s vul",
        { board, dealer: info.dealer, vulnerability: vulnerabilityName(info.vulnerability) })
      : closed ? gettext("Ask the director to fix board %(board)s", { board }) : gettext("Fix board %(board)s", { board })),
    confirm: () => gettext("EW: confirm"),
    saved: (board, stored) => showTraveller(board, stored),
    // read again on a change if the double-dummy table was still to come
    read: () => { if (awaiting) showTraveller(awaiting.board, awaiting.mine); },
  });
  ({ state } = table);
})();
