// The table page of a team night: what it draws itself (the round, match and room, the teams
// sitting NS and EW, what comes once its boards are in, and the match so far: each board's
// IMPs once both rooms have entered it, the IMPs and VPs). The entry, the chooser, fixes, the
// offline queue, refusals and following the night are table_page.js's (TablePage), as on a
// pairs evening's table: the night is /api/sessions/{id}, the same id as the event's.
"use strict";

(() => {
  const root = document.getElementById("team-table");
  if (!root) return;
  const { pretty } = TablePage;
  const ROOMS = { open: gettext("Open room"), closed: gettext("Closed room") };
  const cycle = JSON.parse(root.dataset.cycle);  // the boards' dealers and vulnerabilities

  const top = ({ session, who, play, round, pos }) => {
    const now = round ?? pos.current_round;
    const room = gettext("Match %(match)s · %(room)s", { match: who.match, room: ROOMS[who.room] || who.room });
    $("where").textContent = play ? gettext("%(event)s · Round %(round)s · %(room)s", { event: session.event, round: play.round, room })
      : gettext("%(event)s · %(room)s", { event: session.event, room });
    $("teams").textContent = play ? gettext("NS: %(ns)s · EW: %(ew)s", { ns: play.ns_label, ew: play.ew_label }) : "";
    if (play) return false;
    say(gettext("Round %(round)s is not drawn yet: this table's teams and boards show here once it is.", { round: now }));
    return true;
  };
  const say = (text) => { $("done").hidden = !text; $("done").textContent = text; };
  // No board to enter now: this round's boards are in (the next round is drawn later), or all.
  const between = ({ session, last, pos }) => {
    if (session.closed) say(gettext("The director has closed the night. A result to fix? Tap its board above: the fix goes to the director."));
    else if (pos.waiting || !pos.finished) say(gettext("All your boards of round %(round)s are in. The next round's teams will show here once it is drawn.", { round: last.round }));
    else say(gettext("All your boards are in. Thank you!"));
  };

  // The match so far (GET /api/events/{id}/rounds/{r}/matches/{m}): read again when the night
  // has moved since it was drawn, or the table has gone on to another round.
  let shown = "";
  const readMatch = async () => {
    const { state } = table;
    const all = state.session.sittings.filter((p) => p.table === state.table);
    const pos = state.session.tables.find((t) => t.table === state.table);
    const play = all.find((p) => p.round === pos.current_round) || all[all.length - 1];
    if (!play) return;
    const key = `${play.round}/${state.session.version}`;
    if (key === shown) return;
    shown = key;
    let match = null;
    try {
      const r = await fetch(`/api/events/${root.dataset.event}/rounds/${play.round}/matches/${state.who.match}`);
      if (r.ok) match = await r.json();
    } catch { /* offline: read at the next change */ }
    if (!match) { shown = ""; return; }
    if (shown === key) drawMatch(match);  // outside the try: a fault in drawing is not hidden
  };
  const drawMatch = (m) => {
    $("match").hidden = false;
    const [home, away] = m.imps;
    const imps = gettext("%(home)s %(home_imps)s – %(away_imps)s %(away)s (IMPs)", { home: m.home, home_imps: home, away_imps: away, away: m.away });
    $("match-title").textContent = m.boards.some((b) => b.imps !== null) && table.state.session.event_kind !== "knockout"
      ? `${imps} · ${gettext("VPs %(home)s–%(away)s", { home: formatNumber(m.vp[0], 2), away: formatNumber(m.vp[1], 2) })}`
      : imps;  // a knockout has no VPs
    const head = el("tr");
    head.append(...[gettext("Board"), gettext("Open"), gettext("Closed"), gettext("IMPs")].map((h) => el("th", h)));
    const rows = m.boards.map((b) => {
      const tr = el("tr");
      // TRANSLATORS: a board entered in this room, its result not shown yet (a table of results)
      const room = (r, text) => (text ? pretty(text) : (r ? gettext("in") : "…"));
      const imps = b.imps === null ? "" : (b.imps === 0 ? "0"
        : `${Math.abs(b.imps)} ${b.imps > 0 ? m.home : m.away}`);
      tr.append(...[b.board, room(b.open_in, b.open), room(b.closed_in, b.closed), imps].map((v) => el("td", String(v))));
      return tr;
    });
    $("match-boards").replaceChildren(head, ...rows);
  };

  const table = TablePage.start({
    root,
    id: root.dataset.event,
    keys: "bs_team",
    plays: (session) => session.sittings,
    board: (n) => cycle[(n - 1) % cycle.length],
    top,
    between,
    before: () => say(""),
    title: ({ board, fixing, closed }) => (!fixing ? gettext("Board %(board)s", { board })
      : closed ? gettext("Ask the director to change board %(board)s", { board }) : gettext("Change board %(board)s", { board })),
    confirm: ({ board, fixing }) => (fixing ? gettext("Change board %(board)s", { board }) : gettext("Save board %(board)s", { board })),
    saved: () => readMatch(),
    read: () => readMatch(),
  });
})();
