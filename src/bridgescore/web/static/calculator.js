// The calculator without reloading. Each change is scored at once from the score table the
// server builds with the core's own score() (this script only looks scores up: no scoring rule
// is written here), so it scores offline too; then, when online, the page the server renders
// for the same inputs gives the shareable URL and any field errors.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("calc");
  if (!form) return;
  document.documentElement.classList.add("js");
  const tricks = document.getElementById("tricks");
  const bar = document.getElementById("result-bar");
  let table = null;
  fetch(form.dataset.table)
    .then((response) => response.json())
    .then((data) => {
      table = data;
    })
    .catch(() => {});

  function relabelTricks() {
    const level = Number(new FormData(form).get("level")) || 4;
    const need = 6 + level;
    for (const option of tricks.options) {
      const d = Number(option.value) - need;
      option.textContent = `${option.value} (${d === 0 ? "=" : (d > 0 ? "+" : "") + d})`;
    }
  }

  function el(tag, text, attrs = {}) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

  function setError(name, text) {
    for (const slot of form.querySelectorAll(".error-slot")) {
      if (!name || slot.dataset.for === name) {
        slot.replaceChildren(...(text ? [el("p", text, { class: "field-error", id: `error-${name}`, role: "alert" })] : []));
      }
    }
  }

  // Score the inputs from the table; false if the table is not there yet.
  function local() {
    if (!table) return false;
    const data = new FormData(form);
    const panel = document.getElementById("result");
    const level = String(data.get("level"));
    setError(null, "");
    if (level === "Pass") {
      panel.replaceChildren(el("p", gettext("Passed out: each side scores 0."), { class: "total" }));
      bar.textContent = gettext("Passed out: 0");
      return true;
    }
    const strain = String(data.get("strain"));
    const doubling = String(data.get("doubling") || "");
    const declarer = String(data.get("declarer") || "");
    const vul = String(data.get("vul"));
    const taken = Number(data.get("tricks"));
    let vulnerable = vul === "All";
    if (vul === "NS" || vul === "EW") {
      if (!declarer) {
        setError("declarer", gettext("Choose the declarer: on this board only %(vul)s is vulnerable.", { vul }));
        panel.replaceChildren(el("p", gettext("Fix the highlighted field to see the score."), { class: "error-summary" }));
        bar.textContent = gettext("Fix the highlighted field to see the score.");
        return true;
      }
      vulnerable = vul.includes(declarer);
    }
    const entry = table[`${level}${strain}-${doubling || "-"}-${vulnerable ? "v" : "n"}-${taken}`];
    if (!entry) return false;
    const [total, parts] = entry;
    const symbol = form.querySelector(`input[name="strain"][value="${strain}"] + span`).textContent;
    const contract = `${level}${symbol}${doubling}`;
    const seat = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") }[declarer];
    const d = taken - (6 + Number(level));
    const how = d === 0 ? gettext("%(tricks)s tricks, made exactly", { tricks: taken })
      : d > 0 ? gettext("%(tricks)s tricks, made +%(over)s", { tricks: taken, over: d })
        : gettext("%(tricks)s tricks, down %(down)s", { tricks: taken, down: -d });
    const headline = el("p", null, { class: "headline" });
    headline.append(
      el("span", `${contract}${seat ? ` ${gettext("by %(seat)s", { seat })}` : ""}`, { class: "contract" }),
      `, ${how}, ${vulnerable ? gettext("vulnerable") : gettext("not vulnerable")}`,
    );
    const down = total < 0;
    const line = el("p", `${down ? gettext("Defenders score") : gettext("Declarer's side scores")} `, {
      class: `total ${down ? "defenders" : "declarer"}`,
    });
    line.append(el("strong", String(Math.abs(total))));
    const rows = el("tbody");
    for (const [label, points] of parts) {
      const row = el("tr");
      row.append(el("td", label), el("td", signed(points), { class: "num" }));
      rows.append(row);
    }
    const foot = el("tfoot");
    const footRow = el("tr");
    footRow.append(el("th", gettext("Total for the declaring side")), el("td", signed(total), { class: "num" }));
    foot.append(footRow);
    const partsTable = el("table", null, { class: "parts" });
    partsTable.append(rows, foot);
    const shown = [headline, line, partsTable];
    if (declarer) {
      const ns = "NS".includes(declarer) ? total : -total;
      shown.push(el("p", gettext("NS %(ns)s · EW %(ew)s", { ns: signed(ns), ew: signed(-ns) }), { class: "ns-view" }));
    }
    panel.replaceChildren(...shown);
    bar.textContent = down ? gettext("%(contract)s, %(tricks)s tricks: Defenders %(points)s", { contract, tricks: taken, points: Math.abs(total) })
      : gettext("%(contract)s, %(tricks)s tricks: Declarer's side %(points)s", { contract, tricks: taken, points: Math.abs(total) });
    return true;
  }

  let pending = 0;
  async function update() {
    relabelTricks();
    const scored = local();
    const params = new URLSearchParams(new FormData(form));
    params.delete("csrf");
    const ticket = ++pending;
    let fetched;
    try {
      const response = await fetch(`/?${params}`);
      fetched = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      return; // offline: the table's score stands
    }
    if (ticket !== pending) return; // a newer change is on its way
    const panel = document.getElementById("result");
    const next = fetched.getElementById("result");
    const share = next?.querySelector(".share");
    if (!scored || !share) {
      // the server's own panel (its error, or no table here); the live region itself stays
      if (panel && next) panel.replaceChildren(...next.childNodes);
      bar.textContent = fetched.getElementById("result-bar")?.textContent || bar.textContent;
    } else if (panel) {
      panel.querySelector(".share")?.remove();
      panel.append(share);
    }
    for (const slot of form.querySelectorAll(".error-slot")) {
      const fresh = fetched.querySelector(`.error-slot[data-for="${slot.dataset.for}"]`);
      slot.replaceChildren(...(fresh ? fresh.childNodes : []));
    }
    const link = document.getElementById("share");
    if (link) history.replaceState(null, "", link.getAttribute("href"));
  }

  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
});
