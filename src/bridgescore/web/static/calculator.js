// The calculator without reloading: as any input changes, fetch the page the server renders for
// the same inputs, swap in its result panel and its field errors, and keep the address bar on
// the shareable URL.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("calc");
  if (!form) return;
  document.documentElement.classList.add("js");
  const tricks = document.getElementById("tricks");

  function relabelTricks() {
    const level = Number(new FormData(form).get("level")) || 4;
    const need = 6 + level;
    for (const option of tricks.options) {
      const d = Number(option.value) - need;
      option.textContent = `${option.value} (${d === 0 ? "=" : (d > 0 ? "+" : "") + d})`;
    }
  }

  let pending = 0;
  async function update() {
    relabelTricks();
    const params = new URLSearchParams(new FormData(form));
    params.delete("csrf");
    const ticket = ++pending;
    const response = await fetch(`/?${params}`);
    if (ticket !== pending) return; // a newer change is on its way
    const fetched = new DOMParser().parseFromString(await response.text(), "text/html");
    const panel = document.getElementById("result");
    const next = fetched.getElementById("result");
    if (panel && next) panel.replaceWith(next);
    for (const slot of form.querySelectorAll(".error-slot")) {
      const fresh = fetched.querySelector(`.error-slot[data-for="${slot.dataset.for}"]`);
      slot.replaceChildren(...(fresh ? fresh.childNodes : []));
    }
    const share = document.getElementById("share");
    if (share) history.replaceState(null, "", share.getAttribute("href"));
  }

  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
});
