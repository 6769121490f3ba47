// The director's page: emailing the players after closing. "Show who gets one" previews the
// letters (who gets one, each letter's text, and who gets none, and why), with or without the
// club's mail server; nothing is sent until "Send the emails" is clicked, which needs the
// server; the report then shows each letter's state until none is waiting.
"use strict";

(() => {
  const root = document.getElementById("live-director");
  const id = root?.dataset.session;
  if (!id) return;
  const api = (options = {}) => window.liveKept.api(id, "/emails", options);
  const item = (list, text) => {
    const li = document.createElement("li");
    li.textContent = text;
    list.append(li);
  };
  // TRANSLATORS: joins the names of the players who share an address: "Ann and Bob"
  const names = (players) => players.map((p) => p.name).join(` ${pgettext("list", "and")} `);
  // The server's words for why a player gets no letter, and for a letter's state, as codes.
  const REASONS = { "no number": gettext("no number"), "not on the roster": gettext("not on the roster"),
                    "no email": gettext("no email") };
  const STATES = { queued: pgettext("letter", "waiting"), claimed: pgettext("letter", "sending"),
                   handing: pgettext("letter", "sending"), sent: pgettext("letter", "sent"),
                   failed: pgettext("letter", "failed"), unknown: pgettext("letter", "perhaps sent") };
  // A letter: who gets it, and its subject and text under a fold.
  const letter = (list, x) => {
    const li = document.createElement("li");
    const fold = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = `${pairLabel(x.pair)}: ${names(x.players)} <${x.to}>`;
    const text = document.createElement("pre");
    text.className = "emails-text";
    text.style.overflowX = "auto";  // a scorecard's columns scroll on a phone
    text.textContent = `${gettext("Subject: %(subject)s", x)}\n\n${x.text || ""}`;
    fold.append(summary, text);
    li.append(fold);
    list.append(li);
  };
  let again = false;

  const report = (sent) => {
    const table = $("emails-report");
    table.replaceChildren();
    $("emails-report-title").hidden = sent.length === 0;
    if (!sent.length) return false;
    const head = table.insertRow();
    // TRANSLATORS: "To": the heading of a letter's address in the report of the letters sent
    for (const h of [pgettext("recipient", "To"), gettext("Pair"), gettext("State"), gettext("Tries"), gettext("Server's answer")]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = h;
      head.append(th);
    }
    for (const x of sent) {
      const row = table.insertRow();
      for (const v of [`${names(x.players)} <${x.to}>`, pairLabel(x.pair), STATES[x.state] || x.state, x.tries, x.error || ""]) {
        row.insertCell().textContent = v;
      }
    }
    const done = sent.filter((x) => x.state === "sent").length;
    $("emails-count").textContent = ngettext("%(done)s of %(num)d letter sent", "%(done)s of %(num)d letters sent",
                                             sent.length, { done });
    return sent.some((x) => ["queued", "claimed", "handing"].includes(x.state));
  };

  const load = async () => {
    const a = await api();
    if (a.status !== 200) { $("emails-error").textContent = a.body.detail || gettext("Error %(status)s", a); return null; }
    $("emails-error").textContent = "";
    if (report(a.body.sent)) setTimeout(load, 2000);  // still sending
    again = a.body.sent.length > 0;
    return a.body;
  };

  $("emails-preview").addEventListener("click", async () => {
    const plan = await load();
    if (!plan) return;
    const final = plan.provisional
      ? gettext("The results are provisional: the letters say so.") : gettext("The results are final.");
    const server = plan.smtp ? ""
      : gettext(" The club has no mail server yet: this is a preview; sending needs one (the club's mail settings, bridgescore club smtp, or PUT /api/club/smtp).");
    $("emails-status").textContent = plan.closed
      ? final + server : gettext("A preview: the letters can be sent once the session is closed.") + server;
    const letters = $("emails-letters");
    const unreached = $("emails-unreached");
    letters.replaceChildren();
    unreached.replaceChildren();
    for (const x of plan.letters) letter(letters, x);
    for (const u of plan.unreached) item(unreached, `${pairLabel(u.pair)}: ${u.name} (${REASONS[u.reason] || u.reason})`);
    if (!plan.unreached.length) item(unreached, gettext("Everyone gets one."));
    $("emails-send").textContent = again ? gettext("Send them again") : gettext("Send the emails");
    $("emails-send").disabled = plan.letters.length === 0 || !plan.closed || !plan.smtp;
    $("emails-plan").hidden = false;
  });

  $("emails-send").addEventListener("click", async () => {
    $("emails-send").disabled = true;
    const a = await api({ method: "POST", body: JSON.stringify({ again }) });
    if (a.status !== 202) { $("emails-error").textContent = a.body.detail || gettext("Error %(status)s", a); return; }
    $("emails-plan").hidden = true;
    $("emails-status").textContent = ngettext("%(num)d letter queued.", "%(num)d letters queued.", a.body.queued);
    load();
  });
})();
