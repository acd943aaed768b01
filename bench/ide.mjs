// The IDE's figures (run: npm run bench:ide, after npm run build). Each with a reference
// measured in the same run:
//  - keystroke to paint in a 5,000-line TypeScript file in CodeMirror (p50, p99), against the
//    browser's own <textarea> holding the same text;
//  - Run round trip of a trivial file: the server's time (the sandbox job) and end to end (the
//    request, and in the page from the click to 'Execution completed'), against POST
//    /api/sandbox/run of the same code;
//  - inline completion: what the IDE adds over the provider's own time (after the typing pause).
import { chromium } from "playwright-core";
import { ProviderTestServer } from "../apps/server/src/llm/testing/provider-server.ts";
import { AppServer } from "../e2e/support/app-server.ts";
import { CHROMIUM_PATH, chromiumArgs } from "../e2e/support/chromium.ts";

const LINES = Number(process.env.BENCH_LINES ?? 5000);
const KEYS = Number(process.env.BENCH_KEYS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PAUSE_MS = 600; // COMPLETION_PAUSE_MS in apps/web/src/features/ide/inline-completion.ts

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n) => `${n.toFixed(1)} ms`;

/** Types KEYS characters into the focused element; each key's time to the next painted frame. */
async function keystrokes(page) {
  await page.evaluate(() => {
    window.__lat = [];
    window.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - start), 0));
      },
      true,
    );
  });
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type(i % 40 === 39 ? "\n" : "x");
    await page.waitForTimeout(5);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__lat);
}

const provider = await ProviderTestServer.start();
const server = await AppServer.start({
  OPENAI_API_KEY: "sk-bench",
  OPENAI_BASE_URL: provider.base("openai"),
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const account = {
    email: `ide${Date.now()}@example.com`,
    username: `ide${Date.now()}`,
    password: "correct-horse-42",
  };
  await context.request.post("/api/auth/signup", { data: account });
  await context.request.post("/api/auth/login", { data: account });
  const big = Array.from(
    { length: LINES },
    (_, i) => `export const value${i}: number = ${i} * 2; // line ${i}`,
  ).join("\n");
  await context.request.put("/api/files/content", { data: { path: "/home/user/src/big.ts", content: big } });
  await context.request.put("/api/files/content", {
    data: { path: "/home/user/src/hello.py", content: "print('hi')\n" },
  });

  // 1. Keystroke to paint: CodeMirror, then a plain textarea with the same text.
  const page = await context.newPage();
  await page.goto("/ide");
  await page.getByRole("treeitem", { name: "big.ts" }).click();
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  const editor = await keystrokes(page);
  await page.evaluate((text) => {
    const area = Object.assign(document.createElement("textarea"), { value: text, id: "bench-textarea" });
    Object.assign(area.style, {
      position: "fixed",
      inset: "0",
      zIndex: "9999",
      width: "100vw",
      height: "100vh",
    });
    document.body.append(area);
    area.focus();
    area.setSelectionRange(text.length, text.length);
  }, big);
  const plain = await keystrokes(page);
  await page.evaluate(() => document.getElementById("bench-textarea")?.remove());

  // 2. Run round trip, by request (the IDE's and the sandbox's) and in the page.
  const timed = async (url, data) => {
    const started = performance.now();
    const res = await context.request.post(url, { data });
    const body = await res.json();
    return { total: performance.now() - started, server: body.durationMs ?? 0 };
  };
  const ide = [];
  const sandbox = [];
  for (let i = 0; i < RUNS; i++) {
    ide.push(await timed("/api/ide/run", { path: "/home/user/src/hello.py" }));
    sandbox.push(await timed("/api/sandbox/run", { language: "python", code: "print('hi')\n" }));
  }
  await page.getByRole("treeitem", { name: "hello.py" }).click();
  const clicks = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page.getByTestId("run-output").getByText("Execution completed").waitFor();
    clicks.push(performance.now() - started);
    await page.waitForTimeout(100);
  }

  // 3. Inline completion: from the last key to the ghost text, less the pause and the provider's time.
  await page.getByRole("treeitem", { name: "big.ts" }).click();
  await page.locator(".cm-content").click();
  const added = [];
  for (let i = 0; i < 5; i++) {
    provider.reset();
    provider.script({ kind: "text", chunks: [`value${i}`], delayMs: 50 });
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\n// next");
    // The pause starts at the last key: time from it.
    await page.evaluate(() => {
      window.__lastKey = 0;
      window.addEventListener("keydown", (e) => (window.__lastKey = e.timeStamp), {
        once: true,
        capture: true,
      });
    });
    await page.keyboard.type(" ");
    const typedAt = await page.evaluate(() => window.__lastKey);
    await page.getByTestId("ghost-text").waitFor();
    const shownAt = await page.evaluate(() => performance.now());
    const call = provider.calls.at(-1);
    const providerMs = (call?.closedAt ?? 0) - (call?.receivedAt ?? 0);
    added.push(shownAt - typedAt - PAUSE_MS - providerMs);
    await page.keyboard.press("Escape");
  }

  const avg = (rows, key) => rows.reduce((s, r) => s + r[key], 0) / rows.length;
  console.log(`keystroke to paint, ${LINES}-line file, ${KEYS} keys:`);
  console.log(`  CodeMirror      p50 ${ms(pct(editor, 50))}  p99 ${ms(pct(editor, 99))}`);
  console.log(`  <textarea> ref  p50 ${ms(pct(plain, 50))}  p99 ${ms(pct(plain, 99))}`);
  console.log(
    `  ratio p50 ${(pct(editor, 50) / pct(plain, 50)).toFixed(2)}, p99 ${(pct(editor, 99) / pct(plain, 99)).toFixed(2)}`,
  );
  console.log(`Run of a trivial Python file (${RUNS} runs, mean):`);
  console.log(
    `  POST /api/ide/run       server ${ms(avg(ide, "server"))}  end to end ${ms(avg(ide, "total"))}`,
  );
  console.log(
    `  POST /api/sandbox/run   server ${ms(avg(sandbox, "server"))}  end to end ${ms(avg(sandbox, "total"))} (reference)`,
  );
  console.log(`  ratio end to end ${(avg(ide, "total") / avg(sandbox, "total")).toFixed(2)}`);
  console.log(`  in the page, click to 'Execution completed': p50 ${ms(pct(clicks, 50))}`);
  console.log(
    `inline completion, added over the provider's own time (after the ${PAUSE_MS} ms pause): p50 ${ms(pct(added, 50))}, max ${ms(Math.max(...added))}`,
  );
} finally {
  await browser.close();
  await server.dispose();
  await provider.close();
}
