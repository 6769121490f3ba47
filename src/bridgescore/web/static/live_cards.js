// The table cards of a club evening, for the new-evening page and the director's page: for each
// table its link (with its token after #), the link's QR code (an SVG made on the server) and
// its rounds (who sits there, which boards): window.liveCards(container, event, tables, plays),
// ``plays`` the movement's (GET /api/sessions/{id}: movement.plays). A table may instead bring
// its own ``title`` and ``rows`` (a header row, then a row a round: a team night's tables).
"use strict";

window.liveCards = (container, event, tables, plays) => {
  const whole = (u) => new URL(u, location.href).href;
  const rounds = Math.max(0, ...plays.map((p) => p.round));
  const guide = (table) => {
    const rows = plays.filter((p) => p.table === table);
    const t = el("table", undefined, "live-guide");
    const head = el("tr");
    for (const h of [gettext("Round"), gettext("NS"), gettext("EW"), gettext("Boards")]) head.append(el("th", h));
    t.append(head);
    for (let r = 1; r <= rounds; r += 1) {
      const p = rows.find((x) => x.round === r);
      const tr = el("tr");
      if (!p) { // nobody plays here this round: a half table, or the opponents left
        tr.append(el("td", String(r)));
        const td = el("td", gettext("sit-out: nobody plays at this table"));
        td.colSpan = 3;
        tr.append(td);
        t.append(tr);
        continue;
      }
      const [first, last] = [p.boards[0], p.boards[p.boards.length - 1]];
      const span = p.boards.length > 1 && last - first === p.boards.length - 1
        ? `${first}-${last}` : p.boards.join(", ");
      for (const v of [p.round, pairLabel(p.ns), pairLabel(p.ew), span]) tr.append(el("td", String(v)));
      t.append(tr);
    }
    return t;
  };
  const given = (rows) => {
    const t = el("table", undefined, "live-guide");
    rows.forEach((row, i) => {
      const tr = el("tr");
      for (const v of row) tr.append(el(i ? "td" : "th", String(v)));
      t.append(tr);
    });
    return t;
  };
  container.replaceChildren();
  for (const t of tables) {
    const card = el("div", undefined, "panel live-card");
    const a = el("a", whole(t.url));
    a.href = whole(t.url);
    const img = el("img", undefined, "live-qr");
    const title = t.title || gettext("%(event)s · Table %(table)s", { event: event || gettext("Club evening"), table: t.table });
    img.alt = t.title ? gettext("QR code of the link of %(title)s", { title: t.title }) : gettext("QR code of table %(table)s's link", { table: t.table });
    card.append(el("h2", title), img,
                el("p", gettext("Open this link on one phone at the table to enter your results:")), a);
    const rounds = t.rows ? given(t.rows) : guide(t.table);
    if (rounds) card.append(rounds);
    container.append(card);
    fetch("/live/qr.svg", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: whole(t.url) }) })
      .then((q) => q.text())
      .then((svg) => { img.src = `data:image/svg+xml;base64,${btoa(svg)}`; });
  }
};

// An individual's tables (GET /api/sessions/{id} with `individual`): each card's rows are its
// rounds with the four players by number and the boards; a pairs evening's tables as they are.
window.individualTables = (session, tables) => {
  if (!session || !session.individual) return tables;
  const plays = session.individual.movement.plays;
  return tables.map((t) => ({ ...t, rows: [[gettext("Round"), "N", "S", "E", "W", gettext("Boards")],
    ...plays.filter((p) => p.table === t.table)
      .map((p) => [p.round, p.north, p.south, p.east, p.west, p.boards.join(", ")])] }));
};
