// Small enhancements for every page; everything works without them. Also the one helper the
// page scripts share: $(id) finds an element, el(tag, text, className) makes one with its
// text and class.
"use strict";

window.$ = (id) => document.getElementById(id);

// The page's language (its <html lang>) and its messages: gettext("Board %(n)s", { n: 3 }) says
// the English text in that language, its %(names)s filled from the second argument, as the
// templates' _() does (the server puts the JS messages' translations in #bs-messages; see
// docs/developers.md, "Adding a string").
window.bsMessages = (() => {
  const data = document.getElementById("bs-messages");
  try { return data ? JSON.parse(data.textContent) : {}; } catch { return {}; }
})();
const fillIn = (text, values) => (values
  ? text.replace(/%\((\w+)\)[sd]/g, (all, name) => (name in values ? String(values[name]) : all)) : text);
window.gettext = (message, values) => {
  const known = window.bsMessages.messages || {};
  return fillIn(typeof known[message] === "string" ? known[message] : message, values);
};
// The form for the count n (its %(num)d is n): ngettext("%(num)d board", "%(num)d boards", n).
window.ngettext = (singular, plural, n, values) => {
  const forms = (window.bsMessages.messages || {})[singular];
  const which = window.bsMessages.plural ? window.bsMessages.plural[n < 200 ? n : 100 + (n % 100)] : null;
  const text = Array.isArray(forms) && which !== null ? (forms[which] ?? forms[forms.length - 1])
    : (n === 1 ? singular : plural);
  return fillIn(text, { num: n, ...values });
};
// A word said another way in one place (its context): pgettext("standings", "Played"), a
// heading made short enough for a phone's table.
window.pgettext = (context, message, values) => {
  const known = window.bsMessages.messages || {};
  const text = known[`${context}\u0004${message}`];
  return fillIn(typeof text === "string" ? text : message, values);
};
// A pair's label as the movement names it ("NS 1", "EW 2", a Howell's "3") said for the reader
// ("OW 2" in German), as locale.pair_label says it on the server; a label sent back to the API
// stays the movement's. sideWord("EW") is the side alone.
window.sideWord = (side) => (side === "NS" ? gettext("NS") : side === "EW" ? gettext("EW") : side);
window.pairLabel = (label) => {
  const text = String(label ?? "");
  const m = /^(\S+ )?(NS|EW) (\S+)$/.exec(text);  // a section's name may come first: "A EW 2"
  return m ? `${m[1] || ""}${sideWord(m[2])} ${m[3]}` : text;
};
// A label a director types as the page writes it ("OW 2" in German, or "EW 2") as the movement
// names it, for the API: the reader's side word, or NS/EW, then the rest as typed.
window.movementLabel = (typed) => {
  const text = String(typed ?? "").trim();
  const m = /^(\S+) (.+)$/.exec(text);
  if (!m) return text;
  const side = m[1].toUpperCase();
  const found = ["NS", "EW"].find((s) => s === side || sideWord(s).toUpperCase() === side);
  return found ? `${found} ${m[2]}` : text;
};
// A suit's cards as a hand lists them ("AKQT2") with the honours' initials the reader writes
// ("ARDT2" in French), as locale.ranks_text says them on the server.
window.ranksText = (ranks) => {
  const words = { A: pgettext("card rank", "A"), K: pgettext("card rank", "K"), Q: pgettext("card rank", "Q"), J: pgettext("card rank", "J") };
  return [...String(ranks ?? "")].map((r) => words[r] ?? r).join("");
};
// An audit trail's change as the director reads it: "21:04:05 · table 3 · changed". The server
// keeps who and what as codes (bridgescore.storage: "director", "table 3 via Bridgemate";
// "add", "edit", "delete", "players").
window.changeWords = (change) => {
  const lang = document.documentElement.lang || "en";
  const m = /^table (\d+)(?: via (.+))?$/.exec(change.who);
  const who = change.who === "director" ? gettext("the director")
    : m ? (m[2] ? gettext("table %(table)s via %(via)s", { table: m[1], via: m[2] }) : gettext("table %(table)s", { table: m[1] }))
      : change.who;
  const actions = { add: pgettext("change", "added"), edit: pgettext("change", "changed"),
                    delete: pgettext("change", "deleted"), players: pgettext("change", "who plays") };
  return `${new Date(change.at).toLocaleTimeString(lang)} · ${who} · ${actions[change.action] || change.action}`;
};
// A number with ``digits`` decimals in the page's language (16,46 in Polish, 16.46 in English).
window.formatNumber = (n, digits = 2) => Number(n).toLocaleString(document.documentElement.lang || "en",
  { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

window.el = (tag, text, className) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
};

// The club's roster for a player field (a director logged in: GET /api/roster with the login
// cookie): each player as "Name (number)" in the datalist `list`, `hint` shown when there is
// one. Answers the function that reads a field's text as a player: the roster's, or
// "Name (number)" typed, or a name.
window.rosterPlayers = (loggedIn, list, hint) => {
  const roster = new Map();
  if (loggedIn) {
    fetch("/api/roster", { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : { players: [] }))
      .then((body) => {
        for (const p of body.players) roster.set(p.number ? `${p.name} (${p.number})` : p.name, p);
        $(list).replaceChildren(...[...roster.keys()].map((v) => Object.assign(el("option"), { value: v })));
        $(hint).hidden = roster.size === 0;
      }).catch(() => {});
  }
  return (text) => {
    const known = roster.get(text);
    if (known) return { name: known.name, number: known.number };
    const m = /^(.*\S)\s*\(([A-Za-z0-9]{1,20})\)$/.exec(text);
    return m ? { name: m[1], number: m[2] } : { name: text, number: null };
  };
};

document.addEventListener("DOMContentLoaded", () => {
  // A Print button where the page offers one.
  for (const button of document.querySelectorAll(".print-button")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
  // The duplicate result form: show the board's dealer and vulnerability as it is typed (Law 2's
  // cycle of 16 boards, as the server gives it).
  const board = document.getElementById("board-number");
  const info = document.getElementById("board-info");
  if (board && info && info.dataset.cycle) {
    const cycle = JSON.parse(info.dataset.cycle);
    const show = () => {
      const b = Number(board.value);
      if (!Number.isInteger(b) || b < 1) return;
      const [dealer, vul] = cycle[(b - 1) % 16];
      info.textContent = gettext("Board %(number)s: %(dealer)s deals, %(vulnerability)s.",
        { number: b, dealer, vulnerability: vul });
    };
    board.addEventListener("input", show);
    show();  // a number typed (or kept by the browser) before this script ran
  }
  links();
  document.addEventListener("bs:links", links);
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
});

// Share links: made whole, selected on focus, with Copy and Share (where the phone has it).
function links() {
  for (const input of document.querySelectorAll(".links input")) {
    // A link the server gave as a path (no base URL configured) is made whole here.
    if (input.value.startsWith("/")) input.value = new URL(input.value, location.href).href;
    input.addEventListener("focus", () => input.select());
  }
  const said = document.getElementById("copied");
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.hidden = !navigator.clipboard;
    button.addEventListener("click", async () => {
      const input = document.getElementById(button.dataset.copy);
      try {
        await navigator.clipboard.writeText(input.value);
        if (said) said.textContent = gettext("Copied.");
      } catch {
        input.select();
        if (said) said.textContent = gettext("Select the link and copy it.");
      }
    });
  }
  for (const button of document.querySelectorAll("button[data-share]")) {
    button.hidden = !navigator.share;
    button.addEventListener("click", () => {
      const input = document.getElementById(button.dataset.share);
      navigator.share({ title: document.title, url: input.value }).catch(() => {});
    });
  }
}
