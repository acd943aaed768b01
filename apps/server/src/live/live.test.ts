import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { sandboxReady } from "../test/sandbox-ready";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

describeEachDatabase("live channel /ws", (db) => {
  let t: TestApp;
  let wsUrl: string;
  let origin: string;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    cookie = (await signedInUser(t.app)).cookie;
    ({ wsUrl, origin } = await listen(t.app));
  });
  afterAll(() => t.app.close());
  const connect = () => LiveClient.connect(wsUrl, { cookie, origin });

  it("refuses an unauthenticated upgrade and a foreign Origin", async () => {
    await expect(LiveClient.connect(wsUrl, { origin })).rejects.toThrow("HTTP 401");
    await expect(LiveClient.connect(wsUrl, { cookie, origin: "https://evil.example" })).rejects.toThrow(
      "HTTP 403",
    );
    await expect(LiveClient.connect(wsUrl, { cookie: "neuroos_session=forged", origin })).rejects.toThrow(
      "HTTP 401",
    );
  });

  it("answers system_info with measured runtime figures and the modules", async () => {
    const live = await connect();
    live.send({ type: "system_info" });
    const info = (await live.next((f) => f.type === "system_info")) as {
      terminalInfo: { uptime: number; nodeVersion: string };
      modules: { name: string; status: string }[];
    };
    expect(info.terminalInfo.nodeVersion).toBe(process.versions.node);
    expect(info.terminalInfo.uptime).toBeGreaterThanOrEqual(0);
    expect(info.modules.map((m) => m.name)).toContain("File I/O");
    expect(info.modules.find((m) => m.name === "File I/O")?.status).toBe("active");
    live.socket.close();
  });

  it.skipIf(!sandboxReady)(
    "reports the Python that sandboxed code runs with, not the server's own",
    async () => {
      const live = await connect();
      live.send({ type: "system_info" });
      const info = (await live.next((f) => f.type === "system_info", 15_000)) as {
        terminalInfo: { pythonVersion: string | null };
      };
      const ran = await t.app.inject({
        method: "POST",
        url: "/api/sandbox/run",
        headers: { cookie },
        payload: { language: "python", code: "import platform; print(platform.python_version())" },
      });
      expect(ran.statusCode).toBe(200);
      expect(info.terminalInfo.pythonVersion).toBe(ran.json().stdout.trim());
      live.socket.close();
    },
  );

  it("answers bad frames with an error frame and stays up", async () => {
    const live = await connect();
    live.send("{not json");
    expect(await live.next((f) => f.type === "error")).toMatchObject({ code: "invalid_frame" });
    live.send({ type: "launch_missiles" });
    expect(await live.next((f) => f.code === "unknown_frame")).toMatchObject({
      message: "Unknown frame type: launch_missiles",
    });
    live.send({ type: "file_operation", operation: "delete", path: "/" });
    expect(
      await live.next((f) => f.type === "error" && String(f.message).startsWith("operation")),
    ).toBeTruthy();
    live.send([1, 2, 3]);
    live.send({ type: "system_info" });
    expect(await live.next((f) => f.type === "system_info")).toBeTruthy();
    live.socket.close();
  });

  it("tells every browser of the user when a session is created, renamed or deleted", async () => {
    const live = await connect();
    const api = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } });
    const { id } = (await api("POST", "/api/sessions", { title: "Draft" })).json();
    expect(await live.next((f) => f.type === "session_updated")).toMatchObject({
      session: { id, title: "Draft" },
    });
    await api("PATCH", `/api/sessions/${id}`, { title: "Final" });
    await live.next(
      (f) => f.type === "session_updated" && (f.session as { title: string }).title === "Final",
    );
    await api("DELETE", `/api/sessions/${id}`);
    expect(await live.next((f) => f.type === "session_deleted")).toMatchObject({ sessionId: id });
    // Another user's browsers hear nothing of it.
    const other = await signedInUser(t.app);
    const theirs = await LiveClient.connect(wsUrl, { cookie: other.cookie, origin });
    await api("POST", "/api/sessions", { title: "Private" });
    await live.next(
      (f) => f.type === "session_updated" && (f.session as { title: string }).title === "Private",
    );
    expect(theirs.frames.filter((f) => String(f.type).startsWith("session_"))).toEqual([]);
    live.socket.close();
    theirs.socket.close();
  });

  it("tells the user's browsers which files changed, through the files API and by code that ran", async () => {
    const live = await connect();
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/files/content",
      headers: { cookie },
      payload: { path: "/home/user/notes/live.txt", content: "hello", overwrite: true },
    });
    expect(put.statusCode).toBe(200);
    expect(await live.next((f) => f.type === "files_changed")).toEqual({
      type: "files_changed",
      paths: ["/home/user/notes/live.txt"],
    });
    live.socket.close();
  });

  it.skipIf(!sandboxReady)(
    "frames of code run outside a chat session name their app (the sandbox API), not a session",
    async () => {
      const live = await connect();
      const ran = await t.app.inject({
        method: "POST",
        url: "/api/sandbox/run",
        headers: { cookie },
        payload: { language: "bash", code: "echo outside > out.txt; echo done" },
      });
      expect(ran.statusCode).toBe(200);
      const start = await live.next((f) => f.type === "execution_start", 15_000);
      expect(start).toMatchObject({ app: "sandbox" });
      expect(start).not.toHaveProperty("sessionId");
      expect(await live.next((f) => f.type === "execution_result")).toMatchObject({
        app: "sandbox",
        result: { success: true },
      });
      expect(await live.next((f) => f.type === "files_changed")).toMatchObject({ paths: ["/home/user"] });
      live.socket.close();
    },
  );

  it("closes a connection sending a frame over 1 MB with 1009", async () => {
    const live = await connect();
    const closed = live.closed();
    live.send({ type: "chat_message", sessionId: "x", content: "y".repeat(1024 * 1024 + 1) });
    expect((await closed).code).toBe(1009);
  });

  it("ends the session's sockets at logout: closed at once, and no frame runs after it", async () => {
    const own = await signedInUser(t.app);
    const live = await LiveClient.connect(wsUrl, { cookie: own.cookie, origin });
    const answers = () => live.frames.filter((f) => f.type === "system_info").length;
    live.send({ type: "system_info" });
    await live.next((f) => f.type === "system_info");
    const closed = live.closed();
    const started = Date.now();
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: own.cookie } });
    live.send({ type: "system_info" });
    expect((await closed).code).toBe(1008);
    expect(Date.now() - started).toBeLessThan(500);
    expect(answers()).toBe(1);
  });

  it("ends every socket of the account at a password reset", async () => {
    const own = await signedInUser(t.app);
    const [a, b] = await Promise.all([
      LiveClient.connect(wsUrl, { cookie: own.cookie, origin }),
      LiveClient.connect(wsUrl, { cookie: own.cookie, origin }),
    ]);
    const closed = Promise.all([a.closed(), b.closed()]);
    const started = Date.now();
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: own.user.email },
    });
    const token = decodeURIComponent(/token=([^\s]+)/.exec(t.mails.at(-1)?.text ?? "")?.[1] ?? "");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "another new secret" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await closed).map((c) => c.code)).toEqual([1008, 1008]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("closes the user's sockets within 5 s of logging out", async () => {
    const own = await signedInUser(t.app);
    const live = await LiveClient.connect(wsUrl, { cookie: own.cookie, origin });
    const closed = live.closed();
    const started = Date.now();
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: own.cookie } });
    expect((await closed).code).toBe(1008);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
