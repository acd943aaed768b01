// What each route costs a first visit (run: npm run bench:bundle, after npm run build).
// Loads every route in Chromium with an empty cache and sums the JavaScript and CSS it fetched,
// gzipped (level 9, as a server or CDN would send it). Reference, measured in the same run: every
// JS and CSS asset of the build gzipped, what one bundle for every route would ship.
// Targets (issue 10): landing / ≤ 150 kB, sign-in ≤ 160 kB, console ≤ 300 kB.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { AppServer } from "../e2e/support/app-server.ts";
import { CHROMIUM_PATH, chromiumArgs } from "../e2e/support/chromium.ts";

const routes = [
  { path: "/", ready: "main", target: 150 },
  { path: "/auth/login", ready: "form", target: 160 },
  { path: "/auth/signup", ready: "form" },
  { path: "/console", ready: "textarea", target: 300, signedIn: true },
  { path: "/dashboard", ready: "main", signedIn: true },
  { path: "/dashboard/files", ready: "main", signedIn: true },
  { path: "/dashboard/settings", ready: "main", signedIn: true },
  { path: "/dashboard/tools", ready: "main", signedIn: true },
  { path: "/terminal", ready: "main", signedIn: true },
  { path: "/ide", ready: "header", signedIn: true },
  { path: "/dashboard/apps/notes-pad", ready: "h1", signedIn: true },
  { path: "/dashboard/apps/smart-doc", ready: "h1", signedIn: true },
  { path: "/dashboard/apps/logic-sheet", ready: "h1", signedIn: true },
  { path: "/dashboard/apps/mind-planner", ready: "h1", signedIn: true },
  { path: "/dashboard/apps/prompt-canvas", ready: "h1", signedIn: true },
];

const kB = (bytes) => bytes / 1000;
const gzipped = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Every JS and CSS file of the build, gzipped: the one-bundle reference. */
function wholeBuild() {
  const dir = path.resolve(import.meta.dirname, "../apps/web/dist/assets");
  return readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .reduce((sum, f) => sum + gzipped(readFileSync(path.join(dir, f))), 0);
}

const server = await AppServer.start();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
try {
  const account = {
    email: `bundle${Date.now()}@example.com`,
    username: `bundle${Date.now()}`,
    password: "correct-horse-42",
  };
  const rows = [];
  for (const route of routes) {
    const context = await browser.newContext({ baseURL: server.url });
    if (route.signedIn) {
      await context.request.post("/api/auth/signup", { data: account });
      await context.request.post("/api/auth/login", { data: account });
    }
    const page = await context.newPage();
    const assets = new Map();
    page.on("response", async (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      try {
        assets.set(response.url(), { type, size: gzipped(await response.body()) });
      } catch {}
    });
    await page.goto(route.path, { waitUntil: "networkidle" });
    await page.locator(route.ready).first().waitFor();
    await page.waitForLoadState("networkidle");
    const js = [...assets.values()].filter((a) => a.type === "script").reduce((s, a) => s + a.size, 0);
    const css = [...assets.values()].filter((a) => a.type === "stylesheet").reduce((s, a) => s + a.size, 0);
    if (process.env.BENCH_DEBUG)
      for (const [url, a] of assets)
        console.log(route.path, (a.size / 1000).toFixed(1), url.split("/").pop());
    rows.push({ route: route.path, files: assets.size, js, css, total: js + css, target: route.target });
    await context.close();
  }
  const reference = wholeBuild();
  console.log(
    `reference: the whole build, gzipped = ${kB(reference).toFixed(1)} kB (what one bundle would ship)\n`,
  );
  console.log("route                  files   JS kB  CSS kB  total kB  vs whole build  target");
  for (const r of rows) {
    const verdict =
      r.target === undefined ? "" : `${r.target} kB ${r.total <= r.target * 1000 ? "met" : "MISSED"}`;
    console.log(
      `${r.route.padEnd(22)} ${String(r.files).padStart(5)} ${kB(r.js).toFixed(1).padStart(7)} ${kB(r.css).toFixed(1).padStart(7)} ${kB(r.total).toFixed(1).padStart(9)} ${(r.total / reference).toFixed(2).padStart(15)}  ${verdict}`,
    );
  }
} finally {
  await browser.close();
  await server.dispose();
}
