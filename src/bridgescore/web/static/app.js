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
  // The duplicate result form: show the board's dealer and vulnerability (Law 2) as it is typed.
  const board = document.getElementById("board-number");
  const info = document.getElementById("board-info");
  if (board && info) {
    board.addEventListener("input", () => {
      const b = Number(board.value);
      if (!Number.isInteger(b) || b < 1) return;
      const i = (b - 1) % 16;
      const dealer = ["North", "East", "South", "West"][(b - 1) % 4];
      const vul = ["None", "NS", "EW", "All"][(i + Math.floor(i / 4)) % 4];
      info.textContent = `Board ${b}: ${dealer} deals, ${vul} vulnerable.`;
    });
  }
  // Share links: select the whole link on focus, ready to copy.
  for (const input of document.querySelectorAll(".links input")) {
    // A link the server gave as a path (no base URL configured) is made whole here.
    if (input.value.startsWith("/")) input.value = new URL(input.value, location.href).href;
    input.addEventListener("focus", () => input.select());
  }
});
