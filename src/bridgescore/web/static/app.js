// Small enhancements for every page; everything works without them.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // A Print button where the page offers one.
  for (const button of document.querySelectorAll(".print-button")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
  // The deal form: show each tricks option relative to the contract (10 (=), 8 (-2)).
  const form = document.getElementById("deal-form");
  const tricks = document.getElementById("tricks");
  if (form && tricks) {
    const relabel = () => {
      const level = Number(new FormData(form).get("level"));
      for (const option of tricks.options) {
        const d = Number(option.value) - (6 + level);
        option.textContent = level
          ? `${option.value} (${d === 0 ? "=" : (d > 0 ? "+" : "") + d})`
          : option.value;
      }
    };
    form.addEventListener("change", relabel);
    relabel();
  }
  // Share links: select the whole link on focus, ready to copy.
  for (const input of document.querySelectorAll(".links input")) {
    input.addEventListener("focus", () => input.select());
  }
});
