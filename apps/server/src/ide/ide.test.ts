import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase(
  "IDE: POST /api/ide/run runs a workspace file in the sandbox",
  (db) => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await buildTestApp(db());
      cookie = (await signedInUser(t.app)).cookie;
    });
    afterAll(() => t.app.close());
    const write = (path: string, content: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/files/content",
        headers: { cookie },
        payload: { path, content },
      });
    const run = (path: string, c = cookie) =>
      t.app.inject({ method: "POST", url: "/api/ide/run", headers: { cookie: c }, payload: { path } });

    it("a new workspace has the seed tree, and its TypeScript runs with its import", async () => {
      const src = await t.app.inject({ url: "/api/files?path=/home/user/src", headers: { cookie } });
      expect(
        src
          .json()
          .map((e: { path: string }) => e.path.slice("/home/user/src/".length))
          .sort(),
      ).toEqual(["app.ts", "index.ts"]);
      const res = await run("/home/user/src/index.ts");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ stdout: "Hello from NeuroOS!\n", exitCode: 0 });
      // The run is in the person's execution log, like every run.
      const logs = (await t.app.inject({ url: "/api/logs", headers: { cookie } })).json() as {
        type: string;
        status: string;
      }[];
      expect(logs.filter((l) => l.type === "code_execution" && l.status === "success")).toHaveLength(1);
    });

    it("TypeScript and JavaScript import workspace files (folders, index files, .js naming a .ts); Python imports its neighbours", async () => {
      await write("/home/user/lib/math/index.ts", "export const twice = (n: number): number => n * 2;\n");
      await write("/home/user/lib/format.ts", 'export const show = (n: number): string => "=" + n;\n');
      await write(
        "/home/user/lib/main.ts",
        'import { twice } from "./math";\nimport { show } from "./format.js";\nconsole.log(show(twice(21)));\n',
      );
      expect((await run("/home/user/lib/main.ts")).json()).toMatchObject({ stdout: "=42\n", exitCode: 0 });
      await write(
        "/home/user/lib/plain.js",
        'import { twice } from "./math/index.ts";\nconsole.log(twice(4));\n',
      );
      expect((await run("/home/user/lib/plain.js")).json()).toMatchObject({ stdout: "8\n" });
      await write("/home/user/py/helper.py", "def shout(s):\n    return s.upper()\n");
      await write(
        "/home/user/py/main.py",
        "from helper import shout\nimport sys\nprint(shout('hi'), sys.argv[0])\n",
      );
      const py = (await run("/home/user/py/main.py")).json();
      expect(py.stderr).toBe("");
      expect(py).toMatchObject({
        stdout: "HI /home/user/py/main.py\n",
        exitCode: 0,
      });
      await write("/home/user/py/boom.py", "x = 1\nraise ValueError('bad value')\n");
      const boom = (await run("/home/user/py/boom.py")).json();
      expect(boom.exitCode).toBe(1);
      expect(boom.stderr).toMatch(/boom\.py", line 2[\s\S]*ValueError: bad value/);
    });

    it("says which languages it cannot run, where a compile error is, and refuses what is not the person's", async () => {
      await write("/home/user/site/index.html", "<h1>hi</h1>");
      const html = await run("/home/user/site/index.html");
      expect([html.statusCode, html.json().error.message]).toEqual([
        422,
        "Language html not supported for execution",
      ]);
      await write("/home/user/notes.txt", "hello");
      expect((await run("/home/user/notes.txt")).json().error.message).toBe(
        "Language plaintext not supported for execution",
      );
      await write("/home/user/bad.ts", "const x = ;\n");
      const bad = await run("/home/user/bad.ts");
      expect([bad.statusCode, bad.json().error.message]).toEqual([
        422,
        expect.stringMatching(/^\/home\/user\/bad\.ts:1:10: /),
      ]);
      await write("/home/user/missing.ts", 'import "./nowhere";\n');
      expect((await run("/home/user/missing.ts")).json().error.message).toMatch(
        /Cannot find \/home\/user\/nowhere/,
      );
      expect((await run("/home/user/../../etc/passwd.py")).statusCode).toBe(400);
      expect((await run("/home/user/nope.py")).statusCode).toBe(404);
      expect((await run("/home/user/src/index.ts", "neuroos_session=forged")).statusCode).toBe(401);
      const stranger = (await signedInUser(t.app)).cookie;
      await write("/home/user/mine.py", "print('mine')");
      expect((await run("/home/user/mine.py", stranger)).statusCode).toBe(404);
    });

    it("a symbolic link out of the workspace is not read by the bundler", async () => {
      const link = await t.app.inject({
        method: "POST",
        url: "/api/sandbox/run",
        headers: { cookie },
        payload: { language: "bash", code: "mkdir -p ~/leak && ln -sf /etc/passwd ~/leak/secret.ts" },
      });
      expect(link.json().exitCode).toBe(0);
      await write("/home/user/leak/main.ts", 'import s from "./secret";\nconsole.log(s);\n');
      const res = await run("/home/user/leak/main.ts");
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain("root:");
    });

    it("code nested 200,000 deep stops the compiler for its author only: a clear error, and the next person's TypeScript runs", async () => {
      const depth = 200_000;
      await write("/home/user/deep.ts", `const a: unknown[] = ${"[".repeat(depth)}${"]".repeat(depth)};\n`);
      const deep = await run("/home/user/deep.ts");
      expect([deep.statusCode, deep.json().error]).toEqual([
        422,
        {
          code: "validation_failed",
          message: "This code is nested too deeply or is too large to compile. Simplify it and run it again.",
        },
      ]);
      const other = await signedInUser(t.app);
      const next = await run("/home/user/src/index.ts", other.cookie);
      expect([next.statusCode, next.json().stdout]).toEqual([200, "Hello from NeuroOS!\n"]);
    }, 120_000);
  },
  { skip: !sandboxReady },
);
