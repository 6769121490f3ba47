// The table page of a club evening: enter each board with big buttons, the other side
// confirms, the traveller so far is shown; entries made offline wait in this phone's
// localStorage and are sent, in order, when the connection returns. Its own script, no
// service worker: nothing here touches the site's caches.
"use strict";

(() => {
  const root = document.getElementById("live-table");
  if (!root) return;
  const id = root.dataset.session;
  const keyToken = `bs_live_token_${id}`;
  const keyQueue = `bs_live_queue_${id}`;
  const keySession = `bs_live_session_${id}`;
  const keyRefused = `bs_live_refused_${id}`;
  const hash = location.hash.slice(1);
  if (hash) {
    localStorage.setItem(keyToken, hash);
    history.replaceState(null, "", location.pathname);  // the token leaves the address bar
  }
  const token = localStorage.getItem(keyToken) || "";
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
  const state = { session: null, table: null, board: null, pick: {}, sending: false, fixing: null };

  const api = async (path, options = {}) => {
    const response = await fetch(`/api/sessions/${id}${path}`, {
      ...options,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`,
                 ...(options.headers || {}) },
    });
    const body = await response.json().catch(() => ({}));
    return { status: response.status, body };
  };
  // What happened: said to screen readers; shown unless it is a routine "saved" (the board's
  // button and its traveller show that), so the first screen keeps room for the next board.
  // An answer's refusal in words: FastAPI's list of problems, or one sentence.
  const refusal = (detail) => (Array.isArray(detail) ? detail.map((x) => x.msg).join("; ")
    : detail == null ? "the server could not answer; try again in a moment" : String(detail));
  const status = (text, quiet = false) => {
    $("status").textContent = text;
    $("status").classList.toggle("quiet", quiet);
  };
  const queue = () => JSON.parse(localStorage.getItem(keyQueue) || "[]");
  const setQueue = (items) => localStorage.setItem(keyQueue, JSON.stringify(items));
  // Entries the server would not take (the session closed...): kept here with the reason, one
  // tap to send each to the director as a correction request.
  const refused = () => JSON.parse(localStorage.getItem(keyRefused) || "[]");
  const setRefused = (items) => localStorage.setItem(keyRefused, JSON.stringify(items));
  const pretty = (contract) => contract === "Pass" ? "Passed out"
    : contract.replace(/^(\d)(NT|[CDHS])/, (_, l, s) => l + SUITS[s]);
  const side = (ns) => (ns >= 0 ? `NS +${ns}` : `EW +${-ns}`);  // a score, to the side it is for
  const button = (label, onClick, extra = "") => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `live-btn ${extra}`;
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  };

  // -- where this table is --------------------------------------------------------------
  const plays = () => state.session.movement.plays.filter((p) => p.table === state.table);
  const entered = () => {
    const done = new Map();
    for (const r of state.session.results) {
      if (r.table === state.table) done.set(`${r.round}/${r.board}`, r);
    }
    for (const q of queue()) done.set(`${q.round}/${q.board}`, { ...q, pending: true });
    return done;
  };
  // Where the table is comes from the server (its current round, the round it may still fix,
  // whether it has finished); results still waiting on this phone only mark their boards.
  const position = () => (state.session.tables || []).find((t) => t.table === state.table)
    || { current_round: 1, fix_round: null, finished: false };
  const currentRound = () => {
    const pos = position();
    if (pos.finished) return null;
    const done = entered();
    const open = plays().find((p) => p.round >= pos.current_round
      && p.boards.some((b) => !done.has(`${p.round}/${b}`)));
    return open ? open.round : null;
  };
  const name = (label) => {
    const names = state.session.names[label];
    return names ? `${label} (${names})` : label;
  };
  const boardInfo = (n) => state.session.boards.find((b) => b.board === n);
  // A result as short as a board's button shows it: "4♠ N =", "2♥X S -1", "Pass" (the
  // director's scores: "A60", "weighted").
  const short = (r) => {
    if (!r.contract) return r.weighted ? "weighted" : String(r.artificial ?? r.adjusted ?? "");
    if (r.contract === "Pass") return "Pass";
    const d = r.tricks - 6 - Number(r.contract[0]);
    return `${pretty(r.contract)} ${r.declarer} ${d === 0 ? "=" : (d > 0 ? `+${d}` : d)}`;
  };
  const span = (text, className) => {
    const s = document.createElement("span");
    s.className = className;
    s.textContent = text;
    return s;
  };
  // Once the session is closed a fix goes to the director as a correction request.
  const fixable = (r) => Boolean(r.id && !r.pending && r.contract
    && r.round === position().fix_round);
  // The stored result as the entry's choices, to change it.
  const picked = (r) => {
    if (r.contract === "Pass") return { passed: true, double: "" };
    const m = /^(\d)(NT|[CDHS])(X{0,2})$/.exec(r.contract || "");
    if (!m) return {};
    const lead = r.lead || "";
    return { level: m[1], strain: m[2], double: m[3], declarer: r.declarer, tricks: r.tricks,
             leadSuit: lead[0], leadRank: lead[1] };
  };

  // The boards of the round as a row of buttons: the one being entered, the others to choose
  // (any order), and those entered, with their result (tap one of the last round to fix it).
  const chooser = (play, done) => {
    // the round it may still fix, if it is not this one (its last board, until a board of
    // this round is entered), then this round's boards
    const fix = plays().find((p) => p.round === position().fix_round && p.round !== play.round);
    const boards = [...(fix ? fix.boards.map((b) => [fix.round, b]) : []),
                    ...play.boards.map((b) => [play.round, b])];
    const chips = boards.map(([round, b]) => {
      const r = done.get(`${round}/${b}`);
      if (r && fixable(r)) {
        return { b, fix: r.id, text: short(r), current: Boolean(state.fixing && state.fixing.id === r.id) };
      }
      if (r) return { b, text: r.pending ? "sending…" : short(r) };
      const now = !state.fixing && b === state.board;
      return { b, open: true, text: now ? "now" : "to play", now };
    });
    const list = $("boards");
    const sig = JSON.stringify(chips);
    if (list.dataset.sig === sig) return;  // unchanged: a tap on it is not lost to a redraw
    list.dataset.sig = sig;
    list.replaceChildren();
    for (const c of chips) {
      const label = span(`Board ${c.b}`, "live-chip-n");
      let chip;
      if (c.fix) {
        chip = button("", () => {
          const r = state.session.results.find((x) => x.id === c.fix);
          if (r) { state.fixing = r; state.pick = picked(r); render(); }
        });
        chip.className = "live-chip done";
        chip.append(label, span(c.text, "live-chip-r"), span(" (fix)", "visually-hidden"));
        if (c.current) chip.setAttribute("aria-current", "true");
      } else if (!c.open) {
        chip = span("", "live-chip done");
        chip.append(label, span(c.text, "live-chip-r"));
      } else {
        chip = button("", () => { state.fixing = null; state.board = c.b; state.pick = {}; render(); });
        chip.className = "live-chip";
        chip.append(label, span(c.text, "live-chip-r"));
        chip.setAttribute("aria-pressed", String(c.now));
      }
      list.append(chip);
    }
  };

  const render = () => {
    const s = state.session;
    const round = currentRound();
    const done = entered();
    $("seat").hidden = false;
    const last = plays()[plays().length - 1];
    const play = plays().find((p) => p.round === round) || last;
    const pos = position();
    if (!play) { // a half table nobody has joined yet: say who sits out, round by round
      $("where").textContent = `Table ${state.table} · Round ${pos.current_round} of `
        + `${s.movement.rounds}: a sit-out`;
      $("pairs").textContent = sitOutText(pos.current_round);
      $("entry").hidden = true;
      $("next").hidden = false;
      $("next").textContent = "Nobody plays at this table yet (a half table). The director "
        + "seats a late pair here; this page then shows its boards.";
      return;
    }
    $("where").textContent = round === null
      ? (pos.sit_out ? `Table ${state.table} · Round ${pos.current_round}: a sit-out`
        : `Table ${state.table}: all rounds entered`)
      : `Table ${state.table} · Round ${round} of ${s.movement.rounds}`;
    $("pairs").textContent = `${name(play.ns)} v ${name(play.ew)}`;
    if (askPlayers(play, round)) return;
    const open = round === null ? [] : play.boards.filter((b) => !done.has(`${round}/${b}`));
    // a board being entered here that the other phone (or the director) has just entered
    // stays open: what was chosen is kept, and its save shows the stored result (a conflict
    // for the director if they differ)
    const typing = state.at && Object.values(state.pick).some((v) => v !== undefined && v !== "");
    if (typing && state.board !== undefined && round !== null && state.at.round === round
        && play.boards.includes(state.board) && !open.includes(state.board)) {
      open.unshift(state.board);
    }
    if (!open.includes(state.board)) { state.board = open[0]; if (!state.fixing) state.pick = {}; }
    chooser(play, done);
    if (state.fixing) {
      $("next").hidden = true;
      openEntry(state.fixing.round, state.fixing.board);
      return;
    }
    if (round === null) {
      $("entry").hidden = true;
      showNext(last, true);
      if (pos.sit_out) {
        $("pairs").textContent = sitOutText(pos.current_round);
        $("next").textContent = `This table sits out round ${pos.current_round} and plays no `
          + "more rounds. Thank you!";
      }
      return;
    }
    if (state.board === undefined) {
      $("entry").hidden = true;
      showNext(play, false);
      return;
    }
    // the first board of a new round: say where the last round's EW pair and boards went
    const before = plays().find((p) => p.round === round - 1);
    if (before && open.length === play.boards.length) showNext(before, false);
    else $("next").hidden = true;
    if (pos.sit_out && round > pos.current_round) sitOutNote(pos.current_round, play);
    openEntry(round, state.board);
  };

  // -- the players, asked once before the first board of the first round (as Bridgemate
  // does; live_players.js draws and sends the form). Asked at a club's evenings (a roster to
  // look numbers up in), not at open ones; the server decides who may.
  const keyPlayers = () => `bs_live_players_${id}_${state.table}`;
  const unnamed = (play, round) => {
    const s = state.session;
    const first = plays()[0];
    if (!(s.tags || {}).Club) return [];  // an open evening: no club, no roster to ask
    if (s.closed || !first || round !== first.round || play.round !== first.round) return [];
    if (localStorage.getItem(keyPlayers()) || queue().length) return [];
    if (s.results.some((r) => r.table === state.table)) return [];
    return [first.ns, first.ew].filter((label) => !(s.players || {})[label]);
  };
  const players = window.livePlayers($("players"), {
    api, refusal,
    done: (saved) => {
      localStorage.setItem(keyPlayers(), "1");
      if (saved) { status("Players saved.", true); reread(); }
      render();
    },
  });
  const askPlayers = (play, round) => {
    const labels = unnamed(play, round);
    players.show(labels, play, state.session.names);
    if (!labels.length) return false;
    $("entry").hidden = true;
    $("next").hidden = true;
    return true;
  };

  // -- a sit-out round: nobody plays at this table (a half table, or the opponents left) --
  const sitOutText = (round) => {
    const out = (state.session.movement.sit_outs || []).filter((x) => x.round === round);
    return out.length ? `Sitting out in round ${round}: ${out.map((x) => name(x.pair)).join(", ")}`
      : `Nobody plays at this table in round ${round}`;
  };
  const sitOutNote = (round, next) => {
    const box = $("next");
    box.hidden = false;
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = `Round ${round}: this table sits out.`;
    const p1 = document.createElement("p");
    p1.textContent = `${sitOutText(round)}. Round ${next.round} here: ${name(next.ns)} v `
      + `${name(next.ew)}, boards ${next.boards.join(", ")}; enter them below once played.`;
    box.append(h, p1);
  };

  // -- the end of a round: where EW and the boards go next -------------------------------
  const showNext = (play, finished) => {
    const box = $("next");
    box.hidden = false;
    if (finished) {
      box.textContent = state.session.closed
        ? "The director has closed the session. A result to fix? Tap its board above: the fix "
          + "goes to the director."
        : "All your boards are in. Thank you!";
      return;
    }
    const later = state.session.movement.plays.filter((p) => p.round === play.round + 1);
    const boards = later.find((p) => p.boards.join() === play.boards.join());
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = `Round ${play.round} is done.`;
    const p1 = document.createElement("p");
    const goes = (pair) => {
      const at = later.find((p) => p.ew === pair || p.ns === pair);
      if (at) return `${pair}: go to table ${at.table}${at.ns === pair ? " (sit NS)" : at.ew === pair && state.session.movement.movement === "howell" ? " (sit EW)" : ""}.`;
      const plays = state.session.movement.plays.filter((p) => p.round > play.round
        && (p.ns === pair || p.ew === pair));
      return plays.length ? `${pair}: you sit out round ${play.round + 1}; then table `
        + `${plays[0].table} in round ${plays[0].round}.` : `${pair}: you have finished.`;
    };
    p1.textContent = `${state.session.movement.movement === "howell"
      ? `${goes(play.ns)} ${goes(play.ew)}` : goes(play.ew)} ${boards
      ? `Boards ${play.boards.join(", ")}: to table ${boards.table}.` : "Boards: to the director."}`;
    box.append(h, p1);
  };

  // -- one board's entry ------------------------------------------------------------------
  // A tap on a choice: the state changes, the entry is drawn again.
  const choose = (key, value) => {
    const pick = state.pick;
    if (key === "passed") {
      Object.assign(pick, { passed: true, level: undefined, strain: undefined, double: "",
                            declarer: undefined, tricks: undefined });
    } else if (pick[key] === value && ["double", "leadSuit", "leadRank"].includes(key)) {
      pick[key] = key === "double" ? "" : undefined;  // these toggle off
    } else {
      if (key === "level" && pick.level !== value) pick.tricks = undefined;
      pick[key] = value;
      if (["level", "strain", "declarer", "double"].includes(key)) pick.passed = false;
    }
    openEntry(state.at.round, state.at.board);
  };
  // A row of choices. Its buttons are made again only when they change (new labels): a redraw
  // while a finger is on a button (an answer from the server coming in) must not lose the tap.
  const row = (where, items, key, extra, describe) => {
    const box = $(where);
    const sig = JSON.stringify(items);
    if (box.dataset.sig !== sig) {
      box.dataset.sig = sig;
      box.replaceChildren();
      for (const [text, value] of items) {
        const b = button(text, () => choose(key, value), extra ? extra(value) : "");
        if (describe) b.title = describe(text, value);  // a description: the name stays the text
        box.append(b);
      }
    }
    box.querySelectorAll("button").forEach((b, i) => {
      const value = items[i][1];
      b.setAttribute("aria-pressed", String(key === "passed" ? Boolean(state.pick.passed) : state.pick[key] === value));
    });
  };

  const openEntry = (round, board) => {
    const info = boardInfo(board);
    const entry = $("entry");
    if (!state.at || state.at.board !== board || state.at.round !== round) showLead(false);  // a new board
    state.at = { round, board };
    entry.hidden = false;
    $("entry-title").textContent = !state.fixing
      ? `Board ${board} · ${info.dealer} deals · ${info.vulnerability} vul`
      : state.session.closed ? `Ask the director to fix board ${board}` : `Fix board ${board}`;
    $("cancel").hidden = !state.fixing;
    const pick = state.pick;
    if (pick.double === undefined) pick.double = "";
    row("levels", [..."1234567"].map((l) => [l, l]), "level");
    row("strains", ["C", "D", "H", "S", "NT"].map((s) => [SUITS[s], s]), "strain", (s) => `suit-${s}`);
    row("passes", [["Pass", true]], "passed", () => "live-pass");
    for (const part of ["doubles", "declarers", "tricks"]) $(part).hidden = Boolean(pick.passed);
    row("declarers", ["N", "E", "S", "W"].map((d) => [d, d]), "declarer");
    row("doubles", [["X", "X"], ["XX", "XX"]], "double");
    const need = 6 + Number(pick.level || 0);
    const outcomes = [];
    if (pick.level) {
      for (let t = 0; t <= 13; t++) {
        const d = t - need;
        outcomes.push([d === 0 ? "=" : (d > 0 ? `+${d}` : `${d}`), t]);
      }
    }
    row("tricks", outcomes, "tricks", (t) => (t === need ? "made" : ""), (text, t) => `${t} tricks`);
    $("tricks").classList.toggle("waiting", !pick.level);
    row("lead-suits", ["S", "H", "D", "C"].map((s) => [SUITS[s], s]), "leadSuit", (s) => `suit-${s}`);
    row("lead-ranks", [..."AKQJT98765432"].map((r) => [r === "T" ? "10" : r, r]), "leadRank");
    const lead = pick.leadSuit && pick.leadRank ? ` ${SUITS[pick.leadSuit]}${pick.leadRank === "T" ? "10" : pick.leadRank}` : "";
    $("lead-toggle").textContent = `Lead${lead}`;
    const complete = pick.passed || (pick.level && pick.strain && pick.declarer && pick.tricks !== undefined);
    $("confirm").disabled = !complete;
    $("confirm").replaceChildren(span("EW: confirm", "live-confirm-who"));
    if (complete) {
      showScore(round, board);
    } else {
      const missing = [["level", "level"], ["strain", "strain"], ["declarer", "declarer"],
                       ["tricks", "result"]].filter(([k]) => pick[k] === undefined).map(([, w]) => w);
      $("score").className = "live-score hint";
      $("score").textContent = `Choose ${missing.join(", ")}`;
      scored = "";
    }
  };

  const body = (round, board) => {
    const pick = state.pick;
    if (pick.passed) return { round, table: state.table, board, contract: "Pass" };
    const lead = pick.leadSuit && pick.leadRank ? pick.leadSuit + pick.leadRank : null;
    return { round, table: state.table, board, declarer: pick.declarer, tricks: pick.tricks,
             contract: `${pick.level}${pick.strain}${pick.double}`, lead };
  };

  // The score table (/scores.json, the calculator's: every contract, doubling, vulnerability and
  // tricks, scored on the server by score(), modern undertricks as live sessions are): the score
  // before saving at once, with or without a connection. The server is asked only without it.
  let scoreTable = null;
  fetch($("live-table").dataset.table).then((r) => (r.ok ? r.json() : null))
    .then((t) => { scoreTable = t; }).catch(() => {});
  const fromTable = (b, board) => {
    const m = /^(\d)(NT|[CDHS])(X{0,2})$/.exec(b.contract);
    const info = boardInfo(board);
    if (!scoreTable || !m || !info) return null;
    const ns = b.declarer === "N" || b.declarer === "S";
    const vulnerable = info.vulnerability === "All" || info.vulnerability === (ns ? "NS" : "EW");
    const entry = scoreTable[`${m[1]}${m[2]}-${m[3] || "-"}-${vulnerable ? "v" : "n"}-${b.tricks}`];
    return entry ? (ns ? entry[0] : -entry[0]) : null;
  };

  let scored = "";  // the result whose score is shown (or asked for): a redraw asks no more
  const showScore = async (round, board) => {
    const b = body(round, board);
    const words = b.contract === "Pass" ? "Passed out"
      : `${pretty(b.contract)} by ${b.declarer}, ${b.tricks} tricks`;
    $("confirm").append(span(words, "live-confirm-what"));
    const key = JSON.stringify([board, b.contract, b.declarer, b.tricks]);
    if (key === scored) return;
    scored = key;
    const score = $("score");
    score.className = "live-score";
    if (b.contract === "Pass") { score.textContent = "NS 0"; return; }
    const known = fromTable(b, board);
    if (known !== null) { score.textContent = side(known); return; }
    score.textContent = "…";
    let text = null;
    try {
      const r = await fetch("/api/score", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ contract: b.contract, declarer: b.declarer, tricks: b.tricks, board }) });
      text = side((await r.json()).ns_total);
    } catch { /* offline: said below */ }
    if (key !== scored) return;  // an older answer that comes later is dropped
    score.textContent = text ?? "Score when online";
    if (text === null) scored = "";  // asked again at the next redraw
  };

  // The opening lead (optional): its choices open under the result.
  const showLead = (open) => {
    $("lead").hidden = !open;
    $("lead-toggle").setAttribute("aria-expanded", String(open));
  };
  $("lead-toggle").addEventListener("click", () => showLead($("lead").hidden));
  $("cancel").addEventListener("click", () => { state.fixing = null; state.pick = {}; render(); });

  $("confirm").addEventListener("click", async () => {
    if (state.fixing) {
      const fix = state.fixing;
      const b = body(fix.round, fix.board);
      if (state.session.closed) {
        await requestFix(b);
        return;
      }
      let answer = null;
      try {
        answer = await api(`/results/${fix.id}`, { method: "PUT", body: JSON.stringify(b) });
      } catch {
        status("Offline: a fix needs the connection; try again in a moment.");
        return;
      }
      if (answer.status === 409 || answer.status >= 500) {  // changed elsewhere, or busy: try again
        status(`Not changed: ${refusal(answer.body.detail)}`);
        return;
      }
      if (answer.status !== 200) {  // refused (the session closed meanwhile): kept
        state.fixing = null;
        state.pick = {};
        keepRefused(b, refusal(answer.body.detail), "changed");
        render();
        reread();
        return;
      }
      state.session.results = state.session.results.map((x) => (x.id === fix.id ? answer.body : x));
      state.fixing = null;
      state.pick = {};
      status(`Board ${fix.board} changed.`, true);
      showTraveller(fix.board, answer.body);
      render();
      onward();
      reread();
      return;
    }
    const round = currentRound();
    const b = body(round, state.board);
    setQueue([...queue(), b]);
    state.pick = {};
    state.board = undefined;
    render();
    onward();
    send();
  });
  // After a save the focus goes on to the next board's first choice (the confirm button it
  // was on is now disabled), without moving the page.
  const onward = () => {
    if (!$("entry").hidden) $("levels").querySelector("button")?.focus({ preventScroll: true });
  };

  // -- sending, in order, when online ----------------------------------------------------
  const send = async () => {
    if (state.sending) return;
    state.sending = true;
    try {
      for (let items = queue(); items.length; items = queue()) {
        const item = items[0];
        let answer;
        try {
          answer = await api("/results", { method: "POST", body: JSON.stringify(item) });
        } catch {
          status(`Offline: ${items.length} result(s) kept on this phone, sent when the connection returns.`);
          return;
        }
        if (answer.status >= 500) {  // the server is busy: kept, tried again in a moment
          status(`Board ${item.board} is kept on this phone: the server is busy; sent again soon.`);
          return;
        }
        setQueue(queue().slice(1));
        if (answer.status === 201 || answer.status === 409) {
          const stored = answer.status === 201 ? answer.body : answer.body.result;
          if (!state.session.results.some((r) => r.id === stored.id)) state.session.results.push(stored);
          if (answer.status === 409) {
            status(`Board ${item.board} was entered already at this table: ${stored.text}.${
              answer.body.conflict ? " Your entry has been sent to the director." : ""}`);
          } else {
            status(`Board ${item.board} saved${stored.ns_score == null ? "" : `: ${side(stored.ns_score)}`}.`, true);
          }
          showTraveller(item.board, stored);
        } else {
          keepRefused(item, refusal(answer.body.detail), "saved");
        }
      }
    } finally {
      state.sending = false;
      render();
      reread();  // where the table is now, as the server says
    }
  };

  // -- entries the session would not take: kept, one tap to send each to the director ------
  const keepRefused = (item, reason, what) => {
    setRefused([...refused(), { ...item, reason }]);
    status(`Board ${item.board} was not ${what}: ${reason}`);
    showRefused();
  };
  // A fix once the session is closed goes to the director as a correction request at once
  // (kept here, one tap to send it again, if it cannot go now).
  const requestFix = async (b) => {
    state.fixing = null;
    state.pick = {};
    let answer = null;
    try {
      answer = await api("/conflicts", { method: "POST", body: JSON.stringify(b) });
    } catch { /* offline: kept below */ }
    if (answer && answer.status === 201) status(`Board ${b.board}: your fix was sent to the director.`);
    else keepRefused(b, answer ? refusal(answer.body.detail) : "no connection", "sent");
    render();
    reread();
  };
  const showRefused = () => {
    const box = $("refused");
    const items = refused();
    box.hidden = items.length === 0;
    box.replaceChildren();
    if (!items.length) return;
    const h = document.createElement("h2");
    h.textContent = "Not saved";
    box.append(h);
    items.forEach((item, i) => {
      const p = document.createElement("p");
      const what = item.contract === "Pass" ? "Passed out"
        : `${pretty(item.contract)} by ${item.declarer}, ${item.tricks} tricks`;
      p.textContent = `Board ${item.board} (round ${item.round}): ${what}. ${item.reason}`;
      const again = button("Send to the director", async () => {
        const { reason, ...entry } = item;
        let answer = null;
        try {
          answer = await api("/conflicts", { method: "POST", body: JSON.stringify(entry) });
        } catch { status("Offline: try again in a moment."); return; }
        if (answer.status !== 201) { status(`Not sent: ${refusal(answer.body.detail)}`); return; }
        setRefused(refused().filter((_, j) => j !== i));
        status(`Board ${item.board} was sent to the director.`);
        showRefused();
      }, "live-send");
      box.append(p, again);
    });
  };

  const showTraveller = async (board, mine) => {
    const { status: code, body: t } = await api(`/boards/${board}`);
    if (code !== 200) return;  // not this table's to see yet
    const box = $("traveller");
    box.hidden = false;
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = `Board ${board} so far`;
    const table = document.createElement("table");
    table.className = "live-traveller";
    const dd = Boolean(t.hand && t.hand.dd);
    if (dd) table.classList.add("live-versus");  // eight columns: the headings wrap to fit 360 px
    table.innerHTML = "<tr><th>NS</th><th>EW</th><th>Result</th><th>Score</th><th>NS pts</th><th>EW pts</th>"
      + (dd ? "<th title=\"Declarer's tricks less double dummy's\">vs DD</th><th title=\"NS's score less par\">vs par</th>" : "") + "</tr>";
    for (const line of t.lines || []) {
      const tr = document.createElement("tr");
      if (line.table === mine.table && line.round === mine.round) tr.className = "mine";
      const values = [line.ns, line.ew, pretty(line.result), line.ns_score ?? "", line.ns_points, line.ew_points];
      if (dd) values.push(line.vs_dd, line.vs_par);
      for (const v of values) {
        const td = document.createElement("td");
        td.textContent = String(v);
        tr.append(td);
      }
      table.append(tr);
    }
    box.append(h, table);
    if (t.hand) box.append(handRecord(t.hand));
    // read again on the next change if the double-dummy table is still to come
    state.awaiting = t.hand && !t.hand.dd ? { board, mine } : null;
  };
  // A board's hand record, as the server sends it once this table may see it: the four hands
  // (North on top), the double-dummy tricks (declarer by strain) and par.
  const SUIT_NAMES = [["♠", "spades"], ["♥", "hearts"], ["♦", "diamonds"], ["♣", "clubs"]];
  const handRecord = (hand) => {
    const box = document.createElement("div");
    box.className = "live-hand";
    box.id = "hand";
    const h = document.createElement("h3");
    h.textContent = `Board ${hand.board}: the hands`;
    const grid = document.createElement("table");
    grid.className = "hand-diagram";
    const seat = (s) => {
      const td = document.createElement("td");
      const name = { N: "North", E: "East", S: "South", W: "West" }[s];
      td.className = `hand ${name.toLowerCase()}`;
      td.setAttribute("aria-label", name);
      (hand.hands[s] || ["", "", "", ""]).forEach((cards, i) => {
        const sym = document.createElement("span");
        sym.className = `suit ${SUIT_NAMES[i][1]}`;
        sym.textContent = SUIT_NAMES[i][0];
        td.append(sym, ` ${cards || "—"}`, document.createElement("br"));
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
      p.textContent = "Double-dummy table: not solved yet.";
      box.append(p);
      return box;
    }
    const dd = document.createElement("table");
    dd.className = "dd";
    dd.setAttribute("aria-label", "Double-dummy tricks");
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
    par.textContent = `Par: ${hand.par.text}`;
    box.append(dd, par);
    return box;
  };

  const load = async () => {
    if (!token) { status("This link has no table token: scan the QR code on your table card."); return; }
    try {
      const who = await api("/whoami");
      if (who.status !== 200) { status(who.body.detail || "This link is not valid."); return; }
      state.table = who.body.table;
      const s = await api("");
      state.session = s.body;
      localStorage.setItem(keySession, JSON.stringify({ table: state.table, session: s.body }));
      status(queue().length ? `${queue().length} result(s) waiting to be sent.` : "");
      render();
      showRefused();
      send();
      follow();
    } catch {
      status("Offline: results you enter are kept on this phone.");
      const kept = JSON.parse(localStorage.getItem(keySession) || "null");
      if (kept) { state.table = kept.table; state.session = kept.session; render(); }
    }
  };
  // -- following the server: the director's averages and edits, the other phone's entries --
  let reading = false;
  let again = false;
  const reread = async () => {
    if (reading) { again = true; return; }  // one more read once this one is in
    reading = true;
    try {
      const s = await api("");
      if (s.status === 200 && (!state.session || s.body.version >= state.session.version)) {
        state.session = s.body;
        localStorage.setItem(keySession, JSON.stringify({ table: state.table, session: s.body }));
        if (state.fixing && !s.body.results.some((r) => r.id === state.fixing.id)) state.fixing = null;
        render();
        if (state.awaiting) showTraveller(state.awaiting.board, state.awaiting.mine);
      }
    } catch { /* offline: the next event or reload reads it */ }
    reading = false;
    if (again) { again = false; reread(); }
  };
  const follow = () => {
    if (!window.EventSource) return;
    const events = new EventSource(`/api/sessions/${id}/events`);
    events.addEventListener("change", (e) => {
      const version = JSON.parse(e.data).version;
      if (state.session && version > state.session.version) {
        if (state.sending) return;  // read once the sending is over
        reread();
      }
    });
  };
  window.addEventListener("online", send);
  setInterval(() => { if (queue().length) send(); }, 5000);
  load();
})();
