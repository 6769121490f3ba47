// The players at a table, asked once before its first board (as Bridgemate does): each
// seat's national number, looked up in the club's roster (GET /api/sessions/{id}/roster/{n}
// with the table's token), or a visitor's name; saved pair by pair (PUT .../pairs/{label}:
// the core decides whether this table may). One tap skips. live_table.js says when to ask.
"use strict";

window.livePlayers = (box, { api, refusal, done }) => {
  const SEATS = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") };
  const span = (text, className) => {
    const s = document.createElement("span");
    s.className = className;
    s.textContent = text;
    return s;
  };
  const pairWord = (label) => (/^\d+$/.test(label) ? gettext("Pair %(pair)s", { pair: label }) : pairLabel(label));
  const problem = (text) => { $("players-error").textContent = text; };

  // The number looked up in the club's roster: its name, or "not on the list: type the name".
  const lookUp = async (row) => {
    const [number, who] = row.querySelectorAll("input");
    const found = row.querySelector(".live-seat-found");
    const n = number.value.trim();
    found.textContent = "";
    if (!n) return;
    if (!/^[A-Za-z0-9]{1,20}$/.test(n)) { found.textContent = gettext("A number is letters and digits only."); return; }
    try {
      const r = await api(`/roster/${encodeURIComponent(n)}`);
      if (number.value.trim() !== n) return;  // typed on meanwhile
      if (r.status === 200) {
        who.value = r.body.name;
        found.textContent = `${n}: ${r.body.name}`;
      } else found.textContent = gettext("%(number)s is not on the club's list: type the name.", { number: n });
    } catch { found.textContent = gettext("Offline: type the name."); }
  };
  const seatRow = (seat) => {
    const row = document.createElement("div");
    row.className = "live-seat-row";
    const number = document.createElement("input");
    const who = document.createElement("input");
    Object.assign(number, { type: "text", maxLength: 20, placeholder: gettext("Number"), autocomplete: "off",
                            spellcheck: false });
    Object.assign(who, { type: "text", maxLength: 100, placeholder: gettext("Name"), autocomplete: "off" });
    number.setAttribute("autocapitalize", "characters");
    number.setAttribute("aria-label", gettext("%(seat)s: national number", { seat: SEATS[seat] }));
    who.setAttribute("aria-label", `${SEATS[seat]}: name`);
    const found = span("", "live-seat-found");
    found.setAttribute("aria-live", "polite");
    number.addEventListener("change", () => lookUp(row));
    row.append(span(seat, "live-seat-tag"), number, who, found);
    return row;
  };

  // Shown for these pairs (none: hidden); what is typed stays while the pairs are the same.
  const show = (labels, play, names) => {
    box.hidden = labels.length === 0;
    const seats = $("players-seats");
    const sig = labels.join("\n");
    if (!labels.length || seats.dataset.sig === sig) return;
    seats.dataset.sig = sig;
    seats.replaceChildren(...labels.map((label) => {
      const set = document.createElement("fieldset");
      set.dataset.pair = label;
      const legend = document.createElement("legend");
      const ns = label === play.ns;
      legend.textContent = `${pairWord(label)}${/^\d+$/.test(label) ? ` (${sideWord(ns ? "NS" : "EW")})` : ""}`
        + (names[label] ? `: ${names[label]}` : "");  // as typed at the start, if any
      set.append(legend, ...(ns ? ["N", "S"] : ["E", "W"]).map(seatRow));
      return set;
    }));
  };

  $("players-skip").addEventListener("click", () => { box.hidden = true; done(false); });
  $("players-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    problem("");
    const wanted = [];
    for (const set of $("players-seats").querySelectorAll("fieldset")) {
      const rows = [...set.querySelectorAll(".live-seat-row")];
      for (const row of rows) {  // a number typed and Save tapped at once: looked up first
        const [number, who] = row.querySelectorAll("input");
        if (number.value.trim() && !who.value.trim()) await lookUp(row);
      }
      const players = rows.map((row) => {
        const [number, who] = row.querySelectorAll("input");
        return { name: who.value.trim(), number: number.value.trim() || null };
      });
      if (players.every((p) => !p.name && !p.number)) continue;  // this pair: not now
      if (players.some((p) => !p.name)) {
        problem(gettext("%(pair)s: give both players (a number on the club's list, or a name).", { pair: pairWord(set.dataset.pair) }));
        return;
      }
      wanted.push([set.dataset.pair, players]);
    }
    if (!wanted.length) { problem(gettext("Enter the players, or tap Skip.")); return; }
    for (const [label, players] of wanted) {
      let r;
      try {
        r = await api(`/pairs/${encodeURIComponent(label)}`, { method: "PUT", body: JSON.stringify({ players }) });
      } catch { problem(gettext("Offline: try again in a moment, or tap Skip.")); return; }
      if (r.status !== 200) { problem(`${pairWord(label)}: ${refusal(r)}`); return; }
    }
    box.hidden = true;
    done(true);
  });
  return { show };
};
