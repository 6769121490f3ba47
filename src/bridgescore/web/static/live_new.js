// Start a club evening: the form posts to /api/sessions; the answer's links are shown once, as
// table cards to print (each table's page carries its token in the link's #fragment).
"use strict";

(() => {
  const form = document.getElementById("live-new");
  if (!form) return;
  // A name field for each pair of the movement chosen (NS 1... EW 1... in a Mitchell, 1... in a
  // Howell); what was typed is kept when the movement changes.
  const typed = {};
  const namesBox = document.getElementById("names");
  const pairFields = () => {
    for (const input of namesBox.querySelectorAll("input")) typed[input.dataset.pair] = input.value;
    const howell = form.movement.value === "howell";
    for (const el of form.querySelectorAll("[data-for]")) el.hidden = el.dataset.for !== form.movement.value;
    const count = Math.min(Number(howell ? form.pairs.value : form.tables.value) || 0, 30);
    const labels = [];
    for (const side of howell ? [""] : ["NS ", "EW "]) {
      for (let n = 1; n <= count; n++) labels.push(`${side}${n}`);
    }
    namesBox.replaceChildren(...labels.map((label, i) => {
      const row = document.createElement("label");
      row.className = "live-name";
      const text = document.createElement("span");
      text.textContent = howell ? `Pair ${label}` : label;
      const input = document.createElement("input");
      Object.assign(input, { type: "text", maxLength: 200, value: typed[label] || "",
                             placeholder: i === 0 ? "e.g. Ann & Bob" : "" });
      input.dataset.pair = label;
      row.append(text, input);
      return row;
    }));
  };
  for (const name of ["movement", "tables", "pairs"]) {
    for (const el of form.querySelectorAll(`[name=${name}]`)) el.addEventListener("input", pairFields);
  }
  pairFields();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const number = (k) => (f.get(k) ? Number(f.get(k)) : null);
    const names = {};
    for (const input of namesBox.querySelectorAll("input")) {
      if (input.value.trim()) names[input.dataset.pair] = input.value.trim();
    }
    const movement = { movement: f.get("movement"), boards_per_round: number("boards_per_round"),
                       rounds: number("rounds") };
    if (movement.movement === "mitchell") movement.tables = number("tables");
    else movement.pairs = number("pairs");
    const r = await fetch("/api/sessions", { method: "POST", headers: { "Content-Type": "application/json", ...login() },
      body: JSON.stringify({ event: f.get("event"), scoring: f.get("scoring"), movement, names }) });
    const body = await r.json().catch(() => ({}));
    if (r.status !== 201) {
      const d = body.detail;
      document.getElementById("new-error").textContent = Array.isArray(d) ? d.map((x) => x.msg).join("; ") : d;
      return;
    }
    const whole = (u) => new URL(u, location.href).href;
    document.getElementById("director-link").href = whole(body.director_url);
    document.getElementById("director-link").textContent = whole(body.director_url);
    const plays = await fetch(`/api/sessions/${body.id}`).then((s) => s.json())
      .then((s) => s.movement.plays).catch(() => []);  // each card says its table's rounds
    window.liveCards(document.getElementById("cards"), f.get("event"), body.tables, plays);
    form.hidden = true;
    document.getElementById("started").hidden = false;
  });
})();

/** The director's login (the page's meta tag, set when logged in): evenings are the club's. */
function login() {
  const token = document.querySelector('meta[name="bs-login"]')?.content
  return token ? { Authorization: `Bearer ${token}` } : {}
}
