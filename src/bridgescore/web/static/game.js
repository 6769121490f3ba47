// The rubber pad and the Chicago sheet at the table: save without leaving the place on the page,
// never lose an entry (a refused save stays in the form with its reason and a Retry button; with
// no connection it is kept in this browser and sent when the connection returns), and follow
// the other phone's changes live. Without JavaScript the forms post and redirect as before.
"use strict";

(() => {
  const game = () => document.getElementById("game");
  const key = () => `bs_pending:${game()?.dataset.id}`;
  let dirty = false; // the player has touched the deal form since it was drawn
  let sending = false;

  function setState(state, text) {
    const el = document.getElementById("save-state");
    if (!el) return;
    el.dataset.state = state;
    el.textContent = text;
  }

  function announce() {
    const bar = document.getElementById("score-bar");
    const live = document.getElementById("announce");
    if (!bar || !live) return;
    const copy = bar.cloneNode(true);
    copy.querySelector(".save-state")?.remove();
    live.textContent = gettext("Score now: %(score)s", { score: copy.textContent.replace(/\s+/g, " ").trim() });
  }

  // Swap in the game from a page the server rendered; the page does not move.
  function swap(doc) {
    const fresh = doc.getElementById("game");
    const old = game();
    if (!fresh || !old) return false;
    const y = window.scrollY;
    old.replaceWith(fresh);
    const links = document.getElementById("links");
    const freshLinks = doc.getElementById("links");
    if (links && freshLinks && !links.contains(document.activeElement)) {
      links.replaceWith(freshLinks);
      document.dispatchEvent(new Event("bs:links"));
    }
    window.scrollTo(0, y);
    dirty = false;
    prepareForm();
    announce();
    return true;
  }

  function formStatus(text, retry) {
    const status = document.getElementById("form-status") || document.getElementById("notice");
    if (!status) return;
    status.replaceChildren(document.createTextNode(text + " "));
    if (retry) {
      const button = document.createElement("button");
      button.type = "button";
      button.id = "retry";
      button.textContent = gettext("Retry");
      button.addEventListener("click", retry);
      status.append(button);
    }
  }

  // A fresh CSRF token and version for a refused form: the page as it is now.
  async function refresh(form) {
    const response = await fetch(location.pathname, { headers: { Accept: "text/html" } });
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const csrf = doc.querySelector('input[name="csrf"]');
    const version = doc.querySelector('input[name="version"]');
    if (csrf) form.querySelector('input[name="csrf"]').value = csrf.value;
    if (version && form.querySelector('input[name="version"]')) {
      form.querySelector('input[name="version"]').value = version.value;
    }
  }

  // While a save is on its way the game is busy and its forms take no taps (none is lost in a
  // page swapped in under a finger).
  function busy(on) {
    const g = game();
    if (!g) return;
    if (on) g.setAttribute("aria-busy", "true");
    else g.removeAttribute("aria-busy");
    for (const form of g.querySelectorAll("form")) form.inert = on;
  }

  async function send(action, body, form) {
    if (sending) return;
    sending = true;
    busy(true);
    setState("saving", gettext("Saving…"));
    let response;
    let text;
    try {
      response = await fetch(action, {
        method: "POST",
        body: new URLSearchParams(body),
        headers: { Accept: "text/html" },
      });
      text = await response.text();
    } catch {
      sending = false;
      busy(false);
      if (form && form.id === "deal-form") {
        const saved = new URLSearchParams(body).toString();
        localStorage.setItem(key(), JSON.stringify({ action, body: saved }));
        setState("pending", gettext("Not saved yet"));
        formStatus(
          gettext("Not saved yet: no connection. This deal is kept on this phone and sent when the connection returns."),
          () => flush(),
        );
      } else {
        setState("saved", gettext("Saved"));
        formStatus(gettext("No connection: nothing was changed. Try again when connected."), null);
      }
      return;
    }
    // The game stays busy until the answer is on the page (no await between here and the swap).
    sending = false;
    busy(false);
    localStorage.removeItem(key());
    const doc = new DOMParser().parseFromString(text, "text/html");
    if (doc.getElementById("game")) {
      swap(doc);
      if (response.ok) {
        history.replaceState(null, "", location.pathname);
      } else {
        setState("refused", response.status === 409 ? gettext("Not saved: changed elsewhere") : gettext("Not saved"));
      }
      return;
    }
    // An error page (an expired form, a busy server): the entry stays, with the reason.
    const reason = doc.getElementById("error-message")?.textContent || gettext("Error %(status)s", response);
    setState("refused", gettext("Not saved"));
    formStatus(gettext("Not saved: %(why)s", { why: reason }), async () => {
      if (form) {
        await refresh(form);
        send(action, new FormData(form), form);
      }
    });
  }

  function flush() {
    const pending = localStorage.getItem(key());
    if (!pending) return;
    const { action, body } = JSON.parse(pending);
    send(action, body, document.getElementById("deal-form"));
  }

  // The deal form: tricks read relative to the contract, and preset to "made exactly" when the
  // level changes (until the player picks the tricks), so a deal made exactly is 4 taps.
  function prepareForm() {
    const form = document.getElementById("deal-form");
    const tricks = document.getElementById("tricks");
    if (!form || !tricks) return;
    let touched = form.querySelector(".field-error") !== null;
    const relabel = () => {
      const level = Number(new FormData(form).get("level"));
      for (const option of tricks.options) {
        const d = Number(option.value) - (6 + level);
        option.textContent = level
          ? `${option.value} (${d === 0 ? "=" : (d > 0 ? "+" : "") + d})`
          : option.value;
      }
    };
    tricks.addEventListener("change", () => {
      touched = true;
    });
    form.addEventListener("change", (event) => {
      dirty = true;
      if (event.target.name === "level" && !touched && Number(event.target.value)) {
        tricks.value = String(6 + Number(event.target.value));
      }
      relabel();
    });
    relabel();
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !game()?.contains(form)) return;
    if (form.dataset.plain !== undefined) return; // it opens another page
    event.preventDefault();
    const body = new FormData(form);
    if (event.submitter?.name) body.append(event.submitter.name, event.submitter.value);
    send(form.action, body, form);
  });

  // The view link follows the game live: each change announced by the server is fetched.
  function follow() {
    const url = game()?.dataset.events;
    if (!url || !window.EventSource) return;
    const source = new EventSource(url);
    source.addEventListener("change", async (event) => {
      const version = JSON.parse(event.data).version;
      if (version <= Number(game()?.dataset.version) || sending) return;
      if (dirty && game()?.dataset.editing === "yes") {
        formStatus(gettext("This game was changed on another phone; save to check your entry against it."), null);
        return;
      }
      try {
        const response = await fetch(location.pathname + location.search, {
          headers: { Accept: "text/html" },
        });
        swap(new DOMParser().parseFromString(await response.text(), "text/html"));
      } catch {
        // offline: the stream reconnects by itself
      }
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    prepareForm();
    follow();
    if (localStorage.getItem(key())) {
      setState("pending", gettext("Not saved yet"));
      formStatus(gettext("A deal entered without a connection is not saved yet."), () => flush());
      if (navigator.onLine) flush();
    }
    window.addEventListener("online", () => {
      if (!localStorage.getItem(key())) setState("saved", gettext("Saved"));
      flush();
    });
    // Offline the page may fall behind the other phone: say so.
    window.addEventListener("offline", () => {
      if (!localStorage.getItem(key())) setState("pending", gettext("Offline: last saved score"));
    });
    // Some phones miss the "online" event: try again now and then while a deal waits.
    setInterval(() => {
      if (navigator.onLine && !sending && localStorage.getItem(key())) flush();
    }, 10000);
  });
})();
