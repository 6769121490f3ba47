// A table of a team night, on a phone: the match and room this table plays, who sits NS and
// EW, the round's boards as buttons, one board's entry (contract, declarer, result) and the
// match so far, each board's IMPs once both rooms have entered it. The token comes in the
// link's fragment and is kept in this phone's localStorage; the page follows the event's
// stream, so the other room's entries and a new round arrive by themselves.
"use strict";

(() => {
  const root = document.getElementById("team-table");
  if (!root) return;
  const id = root.dataset.event;
  const keyToken = `bs_team_token_${id}`;
  if (location.hash.length > 1) {
    localStorage.setItem(keyToken, location.hash.slice(1));
    history.replaceState(null, "", location.pathname);  // the token leaves the address bar
  }
  const token = localStorage.getItem(keyToken) || "";
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
  const ROOMS = { open: "Open room", closed: "Closed room" };
  let table = null;  // GET /api/events/{id}/table
  let board = null;  // the board being entered
  let pick = {};
  let sending = false;
  let fixing = false;  // the board open is one this table entered: changed, not added

  const say = (text) => { $("status").textContent = text; };
  const pretty = (text) => text.replace(/^(\d)(NT|[CDHS])/, (_, l, s) => l + SUITS[s]);
  const api = async (path, options = {}) => {
    const r = await fetch(`/api/events/${id}${path}`, { ...options,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } });
    return { status: r.status, body: await r.json().catch(() => ({})) };
  };
  const problem = (detail) => (Array.isArray(detail)
    ? detail.map((d) => `${d.loc[d.loc.length - 1]}: ${d.msg}`).join("; ") : String(detail));

  // One group of choices as big buttons; a tap sets pick[key] (again: clears a double).
  const choices = (where, items, key, className = () => "") => {
    const box = $(where);
    box.replaceChildren();
    for (const [label, value] of items) {
      const b = el("button", label, `live-btn ${className(value)}`);
      b.type = "button";
      b.setAttribute("aria-pressed", String(key === "passed" ? Boolean(pick.passed) : pick[key] === value));
      b.addEventListener("click", () => {
        if (key === "passed") pick = { passed: true };
        else if (key === "double" && pick.double === value) pick.double = "";
        else {
          if (key === "level" && pick.level !== value) delete pick.tricks;
          pick[key] = value;
          pick.passed = false;
        }
        drawEntry();
      });
      box.append(b);
    }
  };

  const complete = () => pick.passed
    || (pick.level && pick.strain && pick.declarer && pick.tricks !== undefined);
  const contract = () => (pick.passed ? "Pass" : `${pick.level}${pick.strain}${pick.double || ""}`);

  const drawEntry = () => {
    $("entry").hidden = board === null;
    if (board === null) return;
    $("entry-title").textContent = fixing ? `Change board ${board}` : `Board ${board}`;
    choices("levels", [..."1234567"].map((l) => [l, l]), "level");
    choices("strains", ["C", "D", "H", "S", "NT"].map((s) => [SUITS[s], s]), "strain", (s) => `suit-${s}`);
    choices("passes", [["Pass", true]], "passed", () => "live-pass");
    choices("declarers", ["N", "E", "S", "W"].map((d) => [d, d]), "declarer");
    choices("doubles", [["X", "X"], ["XX", "XX"]], "double");
    const need = 6 + Number(pick.level || 0);
    const results = [];
    if (pick.level) {
      for (let t = 0; t <= 13; t += 1) {
        const d = t - need;
        results.push([d === 0 ? "=" : (d > 0 ? `+${d}` : `${d}`), t]);
      }
    }
    choices("tricks", results, "tricks", (t) => (t === need ? "made" : ""));
    for (const part of ["declarers", "doubles", "tricks"]) $(part).hidden = Boolean(pick.passed);
    const ready = complete();
    $("confirm").disabled = !ready || sending;
    $("score").textContent = ready
      ? (pick.passed ? "Passed out" : `${pretty(contract())} by ${pick.declarer}, ${pick.tricks} tricks`)
      : "Choose the contract, declarer and result";
    $("confirm").textContent = ready ? `${fixing ? "Change" : "Save"} board ${board}` : "Save";
  };

  const draw = () => {
    const t = table;
    $("seat").hidden = false;
    $("where").textContent = `${t.event} · Round ${t.round} · Match ${t.match} · ${ROOMS[t.room]}`;
    $("teams").textContent = `NS: ${t.ns} · EW: ${t.ew}`;
    const open = t.boards.map((b) => b.board).filter((b) => !(String(b) in t.entered));
    // its own board may be changed here until the other room has entered it
    const other = (line) => (t.room === "open" ? line.closed_in : line.open_in);
    const fixable = t.boards.filter((b) => String(b.board) in t.entered && !other(b)).map((b) => b.board);
    if (fixing && !fixable.includes(board)) fixing = false;
    if (!fixing && (board === null || !open.includes(board))) { board = open.length ? open[0] : null; pick = {}; }
    const chips = $("boards");
    chips.replaceChildren();
    for (const line of t.boards) {
      const mine = t.entered[String(line.board)];
      const canFix = fixable.includes(line.board);
      const chip = el(mine && !canFix ? "span" : "button", undefined, mine ? "live-chip done" : "live-chip");
      chip.append(el("span", `Board ${line.board}`, "live-chip-n"),
                  el("span", mine ? pretty(mine) : (line.board === board ? "now" : "to play"), "live-chip-r"));
      if (canFix) chip.append(el("span", " (change)", "visually-hidden"));
      if (!mine || canFix) {
        chip.type = "button";
        chip.setAttribute("aria-pressed", String(line.board === board && (fixing === Boolean(mine))));
        chip.addEventListener("click", () => { board = line.board; fixing = Boolean(mine); pick = {}; draw(); });
      }
      chips.append(chip);
    }
    drawEntry();
    $("done").hidden = board !== null;
    $("done").textContent = board !== null ? "" : (t.round < t.rounds_drawn
      ? "" : `All your boards of round ${t.round} are in. The next round's teams will show here once it is drawn.`);
    drawMatch();
  };

  // The match so far: each board, whether each room is in, its IMPs once both are.
  const drawMatch = () => {
    const t = table;
    $("match").hidden = false;
    const [home, away] = t.imps;
    $("match-title").textContent = `${t.home} ${home} – ${away} ${t.away} (IMPs)`
      + (t.boards.some((b) => b.imps !== null) ? ` · VPs ${t.vp[0].toFixed(2)}–${t.vp[1].toFixed(2)}` : "");
    const rows = $("match-boards");
    rows.replaceChildren();
    const head = el("tr");
    for (const h of ["Board", "Open", "Closed", "IMPs"]) head.append(el("th", h));
    rows.append(head);
    for (const b of t.boards) {
      const tr = el("tr");
      const room = (r, text) => (text ? pretty(text) : (r ? "in" : "…"));
      const imps = b.imps === null ? "" : (b.imps === 0 ? "0"
        : `${Math.abs(b.imps)} ${b.imps > 0 ? t.home : t.away}`);
      for (const v of [b.board, room(b.open_in, b.open), room(b.closed_in, b.closed), imps]) tr.append(el("td", String(v)));
      rows.append(tr);
    }
  };

  // The table as the server has it now: an answer older than the one drawn (a read that was
  // overtaken) is dropped; a load's own problem is cleared once it reads again, and nothing
  // else the page said ("Board 2 saved.").
  let unread = false;
  const load = async () => {
    if (!token) { say("This link has no table token: scan the QR code on your table card."); return; }
    try {
      const answer = await api("/table");
      if (answer.status !== 200) {
        say(problem(answer.body.detail || "This link is not valid."));
        unread = true;
        return;
      }
      if (table && answer.body.version < table.version) return;
      table = answer.body;
      if (unread) { say(""); unread = false; }
      draw();
    } catch { say("Offline: reconnecting…"); unread = true; }
  };

  $("confirm").addEventListener("click", async () => {
    if (!complete() || board === null || sending) return;
    const body = { round: table.round, match: table.match, room: table.room, board, contract: contract() };
    if (!pick.passed) Object.assign(body, { declarer: pick.declarer, tricks: pick.tricks });
    sending = true;
    drawEntry();
    try {
      const answer = await api("/results", { method: fixing ? "PUT" : "POST", body: JSON.stringify(body) });
      if (answer.status === 201 || answer.status === 200) say(`Board ${board} ${fixing ? "changed" : "saved"}.`);
      else if (answer.status === 409) say(`Board ${board} was in already: ${pretty(answer.body.result)}.`);
      else say(`Board ${board} was not saved: ${problem(answer.body.detail)}`);
    } catch { say("Offline: the board was not saved; try again in a moment."); }
    sending = false;
    fixing = false;
    pick = {};
    await load();
  });

  load();
  if (window.EventSource) {
    const events = new EventSource(`/api/events/${id}/events`);
    events.addEventListener("change", (e) => {
      if (table && JSON.parse(e.data).version > table.version && !sending) load();
    });
  }
})();
