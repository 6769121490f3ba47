// The table pages' one module: a pairs evening's table (live_table.js) and a team night's
// (team_table.js) are one page with two drawings. Here: the request wrapper (the table's token,
// kept from the link's fragment), refusals in words, suits, the keypad, the board chooser,
// fixes as the server allows them (its fix_round), the offline queue, conflicts and correction
// requests, and following the night's stream. A page script calls TablePage.start() with the
// few things it draws itself (who sits where, what comes between boards, after a save).
"use strict";

window.TablePage = (() => {
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: gettext("NT") };
  // A contract (or a result's text) as the pages show it: "4♥X", "4♠N="; "Passed out".
  const pretty = (contract) => (contract === "Pass" ? gettext("Passed out")
    : String(contract ?? "").replace(/^(\d)(NT|[CDHS])/, (_, l, s) => l + SUITS[s]));
  const side = (ns) => (ns >= 0 ? `${gettext("NS")} +${ns}` : `${gettext("EW")} +${-ns}`);  // a score, to the side it is for
  // A result as short as a board's button shows it: "4♠ N =", "2♥X S -1", "Pass" (the
  // director's scores: "A60", "weighted").
  const short = (r) => {
    if (!r.contract) return r.weighted ? gettext("weighted") : String(r.artificial ?? r.adjusted ?? "");
    if (r.contract === "Pass") return gettext("Pass");
    const d = r.tricks - 6 - Number(r.contract[0]);
    return `${pretty(r.contract)} ${r.declarer} ${d === 0 ? "=" : (d > 0 ? `+${d}` : d)}`;
  };
  // An entry in words: "4♠ by N, 10 tricks", "Passed out".
  const words = (e) => (e.contract === "Pass" ? gettext("Passed out")
    : gettext("%(contract)s by %(declarer)s, %(tricks)s tricks", { contract: pretty(e.contract), declarer: e.declarer, tricks: e.tricks }));
  const span = (text, className) => el("span", text, className);
  const button = (label, onClick, extra = "") => {
    const b = el("button", label, `live-btn ${extra}`);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  };

  // -- refusals: any answer that is not a success, in one sentence --------------------------
  const STATUS = {
    401: gettext("this phone's table link was not accepted: scan the QR code on your table card again"),
    403: gettext("this table may not do that"),
    404: gettext("the night was not found: scan the QR code on your table card again"),
    409: gettext("it was entered already"),
    413: gettext("that is too much to send at once"),
    422: gettext("the server could not read it"),
    429: gettext("too many tries at once: wait a moment, it is tried again"),
  };
  // One of FastAPI's problems (its field named unless the message names it), or a sentence.
  const problem = (d) => {
    if (typeof d === "string") return d.trim();
    if (typeof d === "number") return String(d);
    if (!d || typeof d !== "object" || typeof d.msg !== "string") return "";
    const loc = (Array.isArray(d.loc) ? d.loc : []).filter((x) => !["body", "query", "path"].includes(x));
    const field = loc.length ? String(loc[loc.length - 1]) : "";
    return field && !d.msg.includes(field) ? `${field}: ${d.msg}` : d.msg;
  };
  // An answer's refusal in words: its detail (FastAPI's list of problems, or one sentence), else
  // what its status means; never "undefined" or "[object Object]". No answer: no connection.
  const refusal = (answer) => {
    const detail = answer && answer.body ? answer.body.detail : undefined;
    const said = (Array.isArray(detail) ? detail : [detail]).map(problem).filter(Boolean);
    if (said.length) return said.join("; ");
    const code = answer ? answer.status : 0;
    if (code >= 500) return gettext("the server is busy; try again in a moment");
    return STATUS[code] || (code ? gettext("the server refused it (%(code)s)", { code }) : gettext("no connection; try again in a moment"));
  };
  const busy = (answer) => answer.status >= 500 || answer.status === 429;  // kept, tried again

  // -- requests: the table's token, from the link's fragment, kept on this phone -----------
  const tokenFor = (key) => {
    const hash = location.hash.slice(1);
    if (hash) {
      localStorage.setItem(key, hash);
      history.replaceState(null, "", location.pathname);  // the token leaves the address bar
    }
    return localStorage.getItem(key) || "";
  };
  // A call of the night's API: {status, body} (body {} when it is not JSON); throws when there
  // is no connection (or no answer in 20 s), which the callers take for "offline".
  const request = (base, token) => async (path, options = {}) => {
    const response = await fetch(base + path, {
      ...options,
      signal: AbortSignal.timeout ? AbortSignal.timeout(20000) : undefined,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`,
                 ...(options.headers || {}) },
    });
    const body = await response.json().catch(() => null);
    return { status: response.status, body: body && typeof body === "object" ? body : {} };
  };
  const kept = (key, otherwise) => {
    try { return JSON.parse(localStorage.getItem(key) || "null") ?? otherwise; } catch { return otherwise; }
  };
  // One tab of this phone at a time sends the queue (two tabs never send one entry twice).
  const alone = (name, job) => (navigator.locks ? navigator.locks.request(name, job) : job());

  // -- following the night: its stream's change events, {"version": n} ---------------------
  // moved(n) when n is past the version drawn. EventSource reconnects by itself after a cut;
  // a stream it gave up on (an error answer) is opened again after a pause. The first event of
  // a stream says the version then, so a change made while it was cut is not missed. url() is
  // read at each opening: the night's answer names the stream with this token's pass.
  const follow = (url, version, moved) => {
    if (!window.EventSource) return;
    let pause = 1000;
    const open = () => {
      const events = new EventSource(url());
      events.addEventListener("open", () => { pause = 1000; });
      events.addEventListener("change", (e) => {
        let v = null;
        try { v = JSON.parse(e.data).version; } catch { return; }
        if (typeof v === "number" && v > version()) moved(v);
      });
      events.addEventListener("error", () => {
        if (events.readyState !== EventSource.CLOSED) return;  // reconnecting by itself
        setTimeout(open, pause);
        pause = Math.min(pause * 2, 30000);
      });
    };
    open();
  };

  // -- one table's page ---------------------------------------------------------------------
  // page: id (the night's), keys (localStorage's prefix), plays(session) (its sittings: round,
  // table, ns, ew, boards), board(n) if the night's answer has no boards, and what it draws: top(view) (who sits there; true if nothing is
  // entered now), between(view) (no board open), before(view) (a board opens), title(view),
  // confirm(view) (the confirm button's label), saved(board, stored) and read() (after each
  // read of the night). Answers the page's handle: state, api, status, render, reread.
  const start = (page) => {
    const { id } = page;
    const keys = Object.fromEntries(["token", "queue", "session", "refused"]
      .map((k) => [k, `${page.keys}_${k}_${id}`]));
    const token = tokenFor(keys.token);
    const api = request(`/api/sessions/${id}`, token);
    const state = { session: null, who: null, table: null, board: undefined, pick: {},
                    sending: false, fixing: null, at: null };
    const queue = () => kept(keys.queue, []);
    const setQueue = (items) => localStorage.setItem(keys.queue, JSON.stringify(items));
    // Entries the night would not take (closed...): kept with the reason, one tap to send each
    // to the director as a correction request.
    const refused = () => kept(keys.refused, []);
    const setRefused = (items) => localStorage.setItem(keys.refused, JSON.stringify(items));
    // What happened: said to screen readers; shown unless it is a routine "saved" (the board's
    // button shows that), so the first screen keeps room for the next board.
    const status = (text, quiet = false) => {
      $("status").textContent = text;
      $("status").classList.toggle("quiet", quiet);
    };

    // -- where this table is: the server says (its round, the round it may fix, finished);
    // results still waiting on this phone only mark their boards
    const plays = () => page.plays(state.session).filter((p) => p.table === state.table);
    const entered = () => {
      const done = new Map();
      for (const r of state.session.results) {
        if (r.table === state.table) done.set(`${r.round}/${r.board}`, r);
      }
      for (const q of queue()) done.set(`${q.round}/${q.board}`, { ...q, pending: true });
      return done;
    };
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
    // A board's dealer and vulnerability: the night's (a pairs evening's boards), else the
    // page's (a team night's: Law 2's cycle as the server gave it).
    const boardInfo = (n) => (state.session.boards || []).find((b) => b.board === n)
      || (page.board ? page.board(n) : undefined);
    const fixable = (r) => Boolean(r.id && !r.pending && r.contract
      && r.round === position().fix_round);
    // The stored result as the keypad's choices, to change it.
    const picked = (r) => {
      if (r.contract === "Pass") return { passed: true, double: "" };
      const m = /^(\d)(NT|[CDHS])(X{0,2})$/.exec(r.contract || "");
      if (!m) return {};
      const lead = r.lead || "";
      return { level: m[1], strain: m[2], double: m[3], declarer: r.declarer, tricks: r.tricks,
               leadSuit: lead[0], leadRank: lead[1] };
    };

    // The boards of the round as a row of buttons: the one being entered, the others to choose
    // (any order), those entered with their result (tap one of the round it may fix to fix it),
    // and those waiting on this phone ("sending…").
    const chooser = (play, done) => {
      const fix = plays().find((p) => p.round === position().fix_round && p.round !== play.round);
      const boards = [...(fix ? fix.boards.map((b) => [fix.round, b]) : []),
                      ...play.boards.map((b) => [play.round, b])];
      const chips = boards.map(([round, b]) => {
        const r = done.get(`${round}/${b}`);
        if (r && fixable(r)) {
          return { b, fix: r.id, text: short(r), current: Boolean(state.fixing && state.fixing.id === r.id) };
        }
        if (r) return { b, text: r.pending ? gettext("sending…") : short(r) };
        const now = !state.fixing && b === state.board;
        return { b, open: true, text: now ? gettext("now") : gettext("to play"), now };
      });
      const list = $("boards");
      const sig = JSON.stringify(chips);
      if (list.dataset.sig === sig) return;  // unchanged: a tap on it is not lost to a redraw
      list.dataset.sig = sig;
      list.replaceChildren();
      for (const c of chips) {
        const label = span(gettext("Board %(board)s", { board: c.b }), "live-chip-n");
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

    // The notice of a board shown here that was entered elsewhere: what was stored, and the one
    // tap that moves on ("Board 5 was entered by the other phone: 4♥ S = NS +420. Next board →").
    const showTaken = (r) => {
      let box = $("taken");
      if (!box && r) {
        box = el("div", "", "live-taken");
        box.id = "taken";
        box.setAttribute("role", "status");
        $("entry").before(box);
      }
      if (!box) return;
      box.hidden = !r;
      if (!r) { box.dataset.sig = ""; return; }
      const text = `Board ${r.board} was entered by the other phone: ${r.contract ? words(r) : (r.text || short(r))}${
        r.ns_score == null ? "" : ` ${side(r.ns_score)}`}.`;
      if (box.dataset.sig === text) return;
      box.dataset.sig = text;
      box.replaceChildren(el("p", text), button(gettext("Next board →"), () => {
        state.board = undefined;
        state.pick = {};
        render();
        onward();
      }, "live-next"));
    };

    // The event is over (a team night's answer says so, and who won; every board is in, so
    // there is no board to enter): said above the entry.
    const showOver = () => {
      let box = $("over");
      if (!box) {
        box = el("section", "", "panel live-next");
        box.id = "over";
        box.setAttribute("aria-live", "polite");
        $("entry").before(box);
      }
      const { over, winner } = state.session;
      box.hidden = !over;
      box.textContent = !over ? "" : winner ? gettext("The event is over: %(winner)s won.", { winner })
        : gettext("The event is over: a shared first place.");
      return Boolean(over);
    };

    const render = () => {
      if (!state.session) return;
      const round = currentRound();
      const done = entered();
      const all = plays();
      const last = all[all.length - 1];
      const play = all.find((p) => p.round === round) || last;
      const view = { session: state.session, who: state.who, table: state.table, round, play,
                     last, pos: position(), done, plays: all, fixing: state.fixing };
      $("seat").hidden = false;
      showOver();
      if (page.top(view) || !play) { $("entry").hidden = true; return; }
      const open = round === null ? [] : play.boards.filter((b) => !done.has(`${round}/${b}`));
      // The screen never moves under a player: the board shown here that the other phone (or
      // the director) has just entered stays, with what was chosen, and the page says so; it
      // moves on when this phone's player saves or taps "Next board". Its save shows the
      // stored result (a conflict for the director if they differ).
      const other = !state.fixing && state.at && state.board !== undefined && state.at.board === state.board
        ? done.get(`${state.at.round}/${state.board}`) : undefined;
      const held = other && !other.pending ? other : null;
      showTaken(held);
      if (held) {
        chooser(play, done);
        view.open = open;
        page.before(view);
        openEntry(state.at.round, state.board);
        return;
      }
      if (!open.includes(state.board)) { state.board = open[0]; if (!state.fixing) state.pick = {}; }
      chooser(play, done);
      view.open = open;
      if (!state.fixing && (round === null || state.board === undefined)) {
        $("entry").hidden = true;
        page.between(view);
        return;
      }
      page.before(view);
      if (state.fixing) openEntry(state.fixing.round, state.fixing.board);
      else openEntry(round, state.board);
    };

    // -- the keypad: a board's contract and result as rows of big buttons, and the opening
    // lead's when the page has them; a tap changes the choices and draws the entry again
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
      if (!box) return;
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
    const hasLead = Boolean($("lead"));
    const showLead = (open) => {
      if (!hasLead) return;
      $("lead").hidden = !open;
      $("lead-toggle").setAttribute("aria-expanded", String(open));
    };
    const openEntry = (round, board) => {
      const pick = state.pick;
      if (!state.at || state.at.board !== board || state.at.round !== round) showLead(false);  // a new board
      state.at = { round, board };
      $("entry").hidden = false;
      const view = { board, round, info: boardInfo(board), fixing: state.fixing,
                     closed: state.session.closed };
      $("entry-title").textContent = page.title(view);
      $("cancel").hidden = !state.fixing;
      if (pick.double === undefined) pick.double = "";
      row("levels", [..."1234567"].map((l) => [l, l]), "level");
      row("strains", ["C", "D", "H", "S", "NT"].map((s) => [SUITS[s], s]), "strain", (s) => `suit-${s}`);
      row("passes", [[gettext("Pass"), true]], "passed", () => "live-pass");
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
      row("tricks", outcomes, "tricks", (t) => (t === need ? "made" : ""), (text, t) => gettext("%(tricks)s tricks", { tricks: t }));
      $("tricks").classList.toggle("waiting", !pick.level);
      if (hasLead) {
        row("lead-suits", ["S", "H", "D", "C"].map((s) => [SUITS[s], s]), "leadSuit", (s) => `suit-${s}`);
        row("lead-ranks", [..."AKQJT98765432"].map((r) => [r === "T" ? "10" : r, r]), "leadRank");
        const lead = pick.leadSuit && pick.leadRank ? ` ${SUITS[pick.leadSuit]}${pick.leadRank === "T" ? "10" : pick.leadRank}` : "";
        $("lead-toggle").textContent = `${gettext("Lead")}${lead}`;
      }
      const complete = pick.passed || (pick.level && pick.strain && pick.declarer && pick.tricks !== undefined);
      $("confirm").disabled = !complete;
      $("confirm").replaceChildren(span(page.confirm(view), "live-confirm-who"));
      if (complete) {
        showScore(round, board);
      } else {
        const missing = [["level", gettext("level")], ["strain", gettext("strain")], ["declarer", gettext("declarer")],
                         ["tricks", gettext("result")]].filter(([k]) => pick[k] === undefined).map(([, w]) => w);
        $("score").className = "live-score hint";
        $("score").textContent = gettext("Choose %(missing)s", { missing: missing.join(", ") });
        scored = "";
      }
    };
    // The entry as the API takes it (the lead only when one was chosen).
    const body = (round, board) => {
      const pick = state.pick;
      if (pick.passed) return { round, table: state.table, board, contract: "Pass" };
      const entry = { round, table: state.table, board, declarer: pick.declarer, tricks: pick.tricks,
                      contract: `${pick.level}${pick.strain}${pick.double}` };
      if (pick.leadSuit && pick.leadRank) entry.lead = pick.leadSuit + pick.leadRank;
      return entry;
    };

    // The score table (/scores.json, the calculator's: every contract, doubling, vulnerability
    // and tricks, scored on the server by score()): the score before saving at once, with or
    // without a connection. The server is asked only without it (or the board's vulnerability).
    let scoreTable = null;
    if (page.root.dataset.table) {
      fetch(page.root.dataset.table).then((r) => (r.ok ? r.json() : null))
        .then((t) => { scoreTable = t; }).catch(() => {});
    }
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
      $("confirm").append(span(words(b), "live-confirm-what"));
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
        if (r.ok) text = side((await r.json()).ns_total);
      } catch { /* offline: said below */ }
      if (key !== scored) return;  // an older answer that comes later is dropped
      score.textContent = text ?? gettext("Score when online");
      if (text === null) scored = "";  // asked again at the next redraw
    };

    if (hasLead) $("lead-toggle").addEventListener("click", () => showLead($("lead").hidden));
    $("cancel").addEventListener("click", () => { state.fixing = null; state.pick = {}; render(); });
    // After a save the focus goes on to the next board's first choice (the confirm button it
    // was on is now disabled), without moving the page.
    const onward = () => {
      if (!$("entry").hidden) $("levels").querySelector("button")?.focus({ preventScroll: true });
    };

    // A fix: the server decides whether the table may still (its fix_round); once the night
    // is closed it goes to the director as a correction request.
    const fix = async () => {
      const fixing = state.fixing;
      const b = body(fixing.round, fixing.board);
      if (state.session.closed) { await requestFix(b); return; }
      let answer = null;
      try {  // it names the version it replaces: the stored result's, as this phone read it
        answer = await api(`/results/${fixing.id}`, { method: "PUT",
          body: JSON.stringify({ ...b, replaces: fixing.updated_at }) });
      } catch {
        status(gettext("Offline: a fix needs the connection; try again in a moment."));
        return;
      }
      const stored = answer.status === 409 ? answer.body.result : null;
      if (stored && typeof stored === "object") {  // changed elsewhere since this phone read it
        state.fixing = null;
        state.pick = {};
        state.session.results = state.session.results.map((x) => (x.id === stored.id ? stored : x));
        status(`Board ${fixing.board} was changed by the other phone: ${stored.text || short(stored)}.${
          answer.body.conflict ? gettext(" Your change has been sent to the director.") : ""}`);
        render();
        reread();
        return;
      }
      if (answer.status === 409 || busy(answer)) {  // busy: try again
        status(gettext("Not changed: %(why)s", { why: refusal(answer) }));
        return;
      }
      state.fixing = null;
      state.pick = {};
      if (answer.status !== 200) {  // refused (the night closed meanwhile): kept
        keepRefused(b, refusal(answer), "changed");
      } else {
        state.session.results = state.session.results.map((x) => (x.id === fixing.id ? answer.body : x));
        status(gettext("Board %(board)s changed.", { board: fixing.board }), true);
        page.saved(fixing.board, answer.body);
      }
      render();
      onward();
      reread();
    };
    $("confirm").addEventListener("click", async () => {
      if (state.fixing) { await fix(); return; }
      if (state.board === undefined || !state.at) return;
      setQueue([...queue(), body(state.at.round, state.board)]);
      state.pick = {};
      state.board = undefined;
      render();
      onward();
      send();
    });

    // -- the queue: sent in order, each entry once, when online --------------------------
    // An entry leaves the queue only with the server's answer: stored (201), stored already
    // (409: the stored result is shown, and a different entry is the director's conflict),
    // or refused (kept below with the reason). No answer, or a busy server: it stays.
    const sendAll = async () => {
      for (let items = queue(); items.length; items = queue()) {
        const item = items[0];
        let answer;
        try {
          answer = await api("/results", { method: "POST", body: JSON.stringify(item) });
        } catch {
          status(gettext("Offline: %(n)s result(s) kept on this phone, sent when the connection returns.", { n: items.length }));
          return;
        }
        if (busy(answer)) {
          status(gettext("Board %(board)s is kept on this phone: %(why)s; sent again soon.", { board: item.board, why: refusal(answer) }));
          return;
        }
        setQueue(queue().slice(1));
        const stored = answer.status === 201 ? answer.body : answer.body.result;
        if ((answer.status === 201 || answer.status === 409) && stored && typeof stored === "object") {
          if (!state.session.results.some((r) => r.id === stored.id)) state.session.results.push(stored);
          if (answer.status === 409) {
            status(`Board ${item.board} was entered already at this table: ${stored.text || short(stored)}.${
              answer.body.conflict ? gettext(" Your entry has been sent to the director.") : ""}`);
          } else {
            status(stored.ns_score == null ? gettext("Board %(board)s saved.", { board: item.board })
              : gettext("Board %(board)s saved: %(score)s.", { board: item.board, score: side(stored.ns_score) }), true);
          }
          page.saved(item.board, stored);
        } else {
          keepRefused(item, refusal(answer), "saved");
        }
      }
    };
    const send = async () => {
      if (state.sending || !state.session || !queue().length) return;
      state.sending = true;
      try {
        await alone(keys.queue, sendAll);
      } finally {
        state.sending = false;
        render();
        reread();  // where the table is now, as the server says
      }
    };

    // -- entries the night would not take: kept, one tap to send each to the director ------
    const keepRefused = (item, reason, what) => {
      setRefused([...refused(), { ...item, reason }]);
      const values = { board: item.board, why: reason };
      status(what === "changed" ? gettext("Board %(board)s was not changed: %(why)s", values)
        : what === "sent" ? gettext("Board %(board)s was not sent: %(why)s", values)
          : gettext("Board %(board)s was not saved: %(why)s", values));
      showRefused();
    };
    const requestFix = async (b) => {
      state.fixing = null;
      state.pick = {};
      let answer = null;
      try {
        answer = await api("/conflicts", { method: "POST", body: JSON.stringify(b) });
      } catch { /* offline: kept below */ }
      if (answer && answer.status === 201) status(gettext("Board %(board)s: your fix was sent to the director.", { board: b.board }));
      else keepRefused(b, refusal(answer), "sent");
      render();
      reread();
    };
    const showRefused = () => {
      const box = $("refused");
      const items = refused();
      box.hidden = items.length === 0;
      box.replaceChildren();
      if (!items.length) return;
      box.append(el("h2", gettext("Not saved")));
      items.forEach((item, i) => {
        const p = el("p", `${gettext("Board %(board)s (round %(round)s): %(result)s.", { board: item.board, round: item.round, result: words(item) })} ${item.reason}`);
        const again = button(gettext("Send to the director"), async () => {
          const { reason, ...entry } = item;
          let answer = null;
          try {
            answer = await api("/conflicts", { method: "POST", body: JSON.stringify(entry) });
          } catch { status(gettext("Offline: try again in a moment.")); return; }
          if (answer.status !== 201) { status(gettext("Not sent: %(why)s", { why: refusal(answer) })); return; }
          setRefused(refused().filter((_, j) => j !== i));
          status(gettext("Board %(board)s was sent to the director.", { board: item.board }));
          showRefused();
        }, "live-send");
        box.append(p, again);
      });
    };

    // -- reading the night: at the start, and again when its stream says it moved ----------
    const keep = () => localStorage.setItem(keys.session,
      JSON.stringify({ table: state.table, who: state.who, session: state.session }));
    const load = async () => {
      if (!token) { status(gettext("This link has no table token: scan the QR code on your table card.")); return; }
      let who = null;
      let night = null;
      try {
        who = await api("/whoami");
        if (who.status === 200) night = await api("");
      } catch {
        status(gettext("Offline: results you enter are kept on this phone."));
        const before = kept(keys.session, null);
        if (before) Object.assign(state, { table: before.table, who: before.who, session: before.session });
        render();
        return;
      }
      const answer = night || who;
      if (answer.status !== 200) {
        status(refusal(answer));
        if (busy(answer)) setTimeout(load, 3000);
        return;
      }
      Object.assign(state, { table: who.body.table, who: who.body, session: night.body });
      keep();
      status(queue().length ? gettext("%(n)s result(s) waiting to be sent.", { n: queue().length }) : "");
      render();
      showRefused();
      page.read();
      send();
    };
    let reading = false;
    let again = false;
    const reread = async () => {
      if (reading) { again = true; return; }  // one more read once this one is in
      reading = true;
      try {
        const s = await api("");
        if (s.status === 200 && state.who && (!state.session || s.body.version >= state.session.version)) {
          state.session = s.body;
          keep();
          if (state.fixing && !s.body.results.some((r) => r.id === state.fixing.id)) state.fixing = null;
          render();
          page.read();
        }
      } catch { /* offline: the next event or reload reads it */ }
      reading = false;
      if (again) { again = false; reread(); }
    };
    showRefused();
    const stream = () => (state.session && state.session.stream) || `/api/sessions/${id}/events`;
    const following = () => follow(stream, () => (state.session ? state.session.version : Infinity),
      () => { if (!state.sending) reread(); });  // while sending: read once it is over
    window.addEventListener("online", () => {
      if (!state.who) { load(); return; }  // opened offline with nothing kept: start again
      send();
      reread();
    });
    setInterval(() => { if (queue().length) send(); }, 5000);
    load().finally(following);  // its stream once the night's answer has named it
    return { state, api, status, render, reread, refusal };
  };

  return { SUITS, pretty, short, side, words, span, button, refusal, tokenFor, request, follow, start };
})();
