// The director's hand records: deal the boards here (the seed's commitment shown at once) or
// attach a deal file; the double-dummy worker's progress ("DD 3/6 boards"), read again every
// two seconds while it works. The rule of who sees the hands is the server's.
"use strict";

(() => {
  const root = document.getElementById("live-director");
  const id = root?.dataset.session;
  if (!id) return;
  const api = (path, options = {}) => window.liveKept.api(id, `/deals${path}`, options);
  const refusal = (detail) => (Array.isArray(detail) ? detail.map((x) => x.msg).join("; ") : String(detail));
  let timer = null;

  const show = (d) => {
    const status = $("deals-status");
    if (!d.dealt) status.textContent = gettext("No deals yet (%(boards)s boards).", d);
    else if (d.analysis === "done") status.textContent = gettext("Hand records ready: %(dealt)s of %(boards)s boards dealt, DD %(solved)s/%(dealt)s boards with par.", d);
    else if (d.analysis === "unavailable") status.textContent = gettext("%(dealt)s of %(boards)s boards dealt. No double-dummy tables: %(message)s.", d);
    else status.textContent = gettext("%(dealt)s of %(boards)s boards dealt. DD %(solved)s/%(dealt)s boards…", d);
    $("deals-count").textContent = d.dealt ? `· DD ${d.solved}/${d.dealt}` : gettext("· no deals yet");
    const seed = $("deals-commitment");
    seed.hidden = !d.commitment;
    if (d.commitment) {
      seed.replaceChildren(gettext("Dealt here. Seed hash (show it before play): "));
      const c = document.createElement("code");
      c.textContent = d.commitment;
      seed.append(c);
      if (d.seed) {
        const s = document.createElement("code");
        s.textContent = d.seed;
        seed.append(gettext(". Seed (published): "), s);
      }
    }
    $("deal-here").textContent = d.dealt ? gettext("Deal the boards again") : gettext("Deal the boards here");
    $("deal-here").classList.toggle("primary", !d.dealt);  // once dealt, not the first thing to tap
    clearTimeout(timer);
    if (d.analysis === "working") timer = setTimeout(read, 2000);
  };
  const read = async () => {
    try {
      const a = await api("");
      if (a.status === 200) show(a.body);
    } catch { timer = setTimeout(read, 5000); }
  };
  const done = (a, what) => {
    if (a.status === 200 || a.status === 201) { $("deals-error").textContent = ""; read(); return; }
    $("deals-error").textContent = `${what}: ${refusal(a.body.detail)}`;
  };

  $("deal-here").addEventListener("click", async () => {
    if ($("deal-here").textContent.includes("again")
        && !confirm(gettext("Deal every board again? The deals attached now are replaced."))) return;
    done(await api("/dealt", { method: "POST" }), gettext("Not dealt"));
  });
  $("deals-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = $("deals-file").files[0];
    if (!file) { $("deals-error").textContent = gettext("Choose a deal file first."); return; }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const body = JSON.stringify({ file: btoa(text), name: file.name });
    done(await api("", { method: "PUT", body }), gettext("%(file)s was not attached", { file: file.name }));
  });
  read();
})();
