// The engine's Web Worker: Pyodide (from ./pyodide/, this site's own copy), the liverpool wheel
// unpacked into site-packages, and liverpool.site_driver.Session answering the page's messages
// (JSON in, JSON out). Bots move here, one at a time at the pace the answer asks for, so the
// page stays responsive. The worker fetches nothing but files of this site.

import { loadPyodide } from "./pyodide/pyodide.mjs";

/** @type {any} */
let session = null;
/** @type {any} */
let botTimer = null;
/** @type {any} */
let deadlineTimer = null;

const booting = (async () => {
  const t0 = performance.now();
  const manifest = await (await fetch(new URL("./site.json", import.meta.url))).json();
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  const t1 = performance.now();
  const wheel = await (await fetch(new URL(`./${manifest.wheel}`, import.meta.url))).arrayBuffer();
  const purelib = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(wheel, "wheel", { extractDir: purelib });
  py.runPython("import importlib; importlib.invalidate_caches()");
  const t2 = performance.now();
  session = py.pyimport("liverpool.site_driver").Session();
  const t3 = performance.now();
  postMessage({
    type: "boot",
    timings: { pyodide_ms: t1 - t0, wheel_ms: t2 - t1, import_ms: t3 - t2, boot_ms: t3 - t0 },
  });
})();

/** @param {object} message */
function ask(message) {
  const answer = JSON.parse(session.receive(JSON.stringify(message)));
  postMessage(answer);
  if (answer.type === "state") schedule(answer);
}

/** Let the bots move (and a timed buy offer lapse) when the answer says so. @param {any} state */
function schedule(state) {
  if (state.bot_delay !== null && botTimer === null) {
    botTimer = setTimeout(() => {
      botTimer = null;
      ask({ type: "bot" });
    }, state.bot_delay * 1000);
  }
  clearTimeout(deadlineTimer);
  deadlineTimer = null;
  if (state.deadline_in !== null) {
    deadlineTimer = setTimeout(() => ask({ type: "tick" }), state.deadline_in * 1000 + 50);
  }
}

onmessage = async (event) => {
  try {
    await booting;
  } catch (error) {
    postMessage({ type: "fatal", text: String(error) });
    return;
  }
  try {
    ask(event.data);
  } catch (error) {
    postMessage({ type: "error", text: `The engine failed: ${error}` });
  }
};
