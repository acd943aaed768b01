import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";
import { cosine, localEmbedder } from "./glove";

it("the local embedder puts related texts near each other, offline", () => {
  const e = localEmbedder();
  expect(e.dimensions).toBe(100);
  expect(e.vocabulary).toBeGreaterThan(90_000);
  const cat = e.embed("the kitten sleeps on the sofa");
  expect(cosine(cat, e.embed("a cat naps on the couch"))).toBeGreaterThan(
    cosine(cat, e.embed("stock prices fell sharply today")),
  );
  expect(Array.from(e.embed("zzqx unknownword"))).toEqual(new Array(100).fill(0));
});

describeEachDatabase("semantic search: /api/vector/*", (db) => {
  let t: TestApp;
  let bob: TwoPeople["bob"];
  let api: TwoPeople["api"];
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ bob, api } = await twoPeople(t.app));
  });
  afterAll(() => t.app.close());

  it("indexes files by line ranges, messages and texts; hybrid search finds them by meaning and by word", async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      i === 45 ? "The invoice from the plumber is due on Friday." : `filler line ${i}`,
    );
    const file = await api("POST", "/api/vector/embed/file", {
      fileId: "/home/user/notes/bills.txt",
      content: lines.join("\n"),
      metadata: { path: "/home/user/notes/bills.txt" },
    });
    expect(file.statusCode).toBe(200);
    expect(file.json().chunks).toBe(2);
    expect(file.json().embedding).toHaveLength(100);
    await api("POST", "/api/vector/embed/message", {
      messageId: "m1",
      content: "My dog loves long walks in the park.",
      role: "user",
    });
    await api("POST", "/api/vector/embed", { content: "Interest rates and the stock market moved today." });

    const byMeaning = (
      await api("POST", "/api/vector/search", {
        query: "puppy outdoor exercise",
        options: { threshold: 0.3 },
      })
    ).json().results;
    expect(byMeaning[0]).toMatchObject({ objectType: "message", objectId: "m1" });
    expect(byMeaning[0].similarity).toBeGreaterThan(0.3);
    expect(byMeaning[0].similarity).toBeLessThanOrEqual(1);

    const byWord = (
      await api("POST", "/api/vector/search", { query: "plumber invoice", options: { threshold: 0.99 } })
    ).json().results;
    expect(byWord[0]).toMatchObject({ objectType: "file", objectId: "/home/user/notes/bills.txt" });
    expect(byWord[0].metadata.lines).toBe("31-60");

    const onlyFiles = (
      await api("POST", "/api/vector/search", {
        query: "dog walks",
        options: { objectType: "file", threshold: 0.1 },
      })
    ).json().results;
    expect(onlyFiles.every((r: { objectType: string }) => r.objectType === "file")).toBe(true);
    const one = (
      await api("POST", "/api/vector/search", { query: "dog", options: { limit: 1, threshold: 0.1 } })
    ).json().results;
    expect(one).toHaveLength(1);

    const similar = (
      await api("POST", "/api/vector/similar", { objectId: "m1", options: { threshold: 0.1 } })
    ).json().results;
    expect(similar.some((r: { objectId: string }) => r.objectId === "m1")).toBe(false);

    const analytics = (await api("GET", "/api/vector/analytics")).json().analytics;
    expect(analytics.map((a: { query: string }) => a.query)).toContain("plumber invoice");
    expect(analytics.find((a: { query: string }) => a.query === "dog walks")).toMatchObject({
      searchType: "file",
    });
    const models = (await api("GET", "/api/vector/models")).json();
    expect(models.models[0]).toMatchObject({ provider: "local", dimensions: 100, isActive: true });
    expect(["hnsw", "exact"]).toContain(models.index);
    if (db().kind === "pglite") expect(models.index).toBe("hnsw");
  });

  it("searches in a chosen mode; each result carries its passage with the query's words marked, and path:from-to", async () => {
    const lines = Array.from({ length: 50 }, (_, i) =>
      i === 41 ? "const retries = parseConfig(raw).retries;" : `// ${i}`,
    );
    await api("POST", "/api/vector/embed/file", {
      fileId: "/home/user/src/app.ts",
      content: lines.join("\n"),
    });
    const search = async (mode: string) =>
      (
        await api("POST", "/api/vector/search", { query: "parseConfig", mode, options: { threshold: 0.1 } })
      ).json().results;
    const [byWords] = await search("keyword");
    expect(byWords).toMatchObject({
      objectId: "/home/user/src/app.ts",
      location: "/home/user/src/app.ts:39-45",
    });
    const [from, to] = byWords.snippet.marks[0];
    expect(byWords.snippet.text.slice(from, to)).toBe("parseConfig");
    expect((await search("hybrid"))[0].objectId).toBe("/home/user/src/app.ts");
    // By meaning only: an identifier GloVe does not know has no vector, so nothing stands out.
    expect((await search("vector")).map((r: { objectId: string }) => r.objectId)).not.toContain(
      "/home/user/src/app.ts",
    );
  });

  it("keeps each person's index their own: never seen, never deleted by another", async () => {
    const mine = (await api("POST", "/api/vector/embed", { content: "Secret recipe for lemon cake" })).json();
    const theirs = (
      await api(
        "POST",
        "/api/vector/search",
        { query: "lemon cake recipe", options: { threshold: 0.1 } },
        bob,
      )
    ).json();
    expect(theirs.results).toEqual([]);
    expect((await api("DELETE", `/api/vector/embed/${mine.id}`, undefined, bob)).statusCode).toBe(404);
    expect((await api("POST", "/api/vector/similar", { objectId: mine.id }, bob)).statusCode).toBe(404);
    expect((await api("GET", "/api/vector/analytics", undefined, bob)).json().analytics).toEqual([
      expect.objectContaining({ query: "lemon cake recipe" }),
    ]);
    expect((await api("DELETE", `/api/vector/embed/${mine.id}`)).json()).toEqual({ success: true });
    const after = (
      await api("POST", "/api/vector/search", { query: "lemon cake", options: { threshold: 0.1 } })
    ).json();
    expect(after.results.some((r: { content: string }) => r.content.includes("lemon"))).toBe(false);
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    expect((await api("POST", "/api/vector/search", { query: "  " })).json().error.message).toMatch(
      /Please enter a search query/,
    );
    expect(
      (await api("POST", "/api/vector/search", { query: "x", options: { threshold: 2 } })).statusCode,
    ).toBe(400);
    expect((await api("POST", "/api/vector/search", { query: "x", options: { limit: 51 } })).statusCode).toBe(
      400,
    );
    const badMode = await api("POST", "/api/vector/search", { query: "x", mode: "fuzzy" });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().error.message).toMatch(/mode must be hybrid, keyword or vector/);
    expect((await api("POST", "/api/vector/embed", { content: "x".repeat(200_001) })).statusCode).toBe(400);
    expect((await api("POST", "/api/vector/embed", { content: "a\u0000b" })).statusCode).toBe(400);
    expect((await api("DELETE", "/api/vector/embed/not-an-id")).statusCode).toBe(404);
    expect((await api("POST", "/api/vector/similar", { objectId: "nothing-here" })).statusCode).toBe(404);
    expect(
      (await api("POST", "/api/vector/search", { query: "x" }, { cookie: "neuroos_session=forged" }))
        .statusCode,
    ).toBe(401);
  });

  it("initialize indexes the workspace, messages and documents in the background, with progress", async () => {
    const carol = await signedInUser(t.app);
    await api(
      "POST",
      "/api/documents",
      { kind: "notes", title: "Garden", content: "Plant tomatoes in April." },
      carol,
    );
    const started = (await api("POST", "/api/vector/initialize", undefined, carol)).json();
    expect(started).toMatchObject({ initialized: true });
    let status = (await api("GET", "/api/vector/status", undefined, carol)).json();
    for (let i = 0; i < 100 && status.progress.state !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await api("GET", "/api/vector/status", undefined, carol)).json();
    }
    expect(status.progress.done).toBe(status.progress.total);
    expect(status.progress.total).toBeGreaterThan(5);
    const tomatoes = (
      await api("POST", "/api/vector/search", { query: "tomatoes", options: { threshold: 0.1 } }, carol)
    ).json();
    expect(tomatoes.results[0]).toMatchObject({ objectType: "document" });
    const groceries = (
      await api(
        "POST",
        "/api/vector/search",
        { query: "Groceries apples pears", options: { threshold: 0.1 } },
        carol,
      )
    ).json();
    expect(
      groceries.results.some((r: { objectId: string }) => r.objectId.startsWith("/home/user/projects/")),
    ).toBe(true);
    // Kept current: a file written afterwards is found, a deleted one is gone.
    const lisbon = async () =>
      (
        await api(
          "POST",
          "/api/vector/search",
          { query: "Lisbon flights", options: { threshold: 0.1 } },
          carol,
        )
      )
        .json()
        .results.some((r: { objectId: string }) => r.objectId === "/home/user/trip.md");
    await api(
      "PUT",
      "/api/files/content",
      { path: "/home/user/trip.md", content: "Flights to Lisbon booked for June." },
      carol,
    );
    await expect.poll(lisbon).toBe(true);
    await api("DELETE", "/api/files?path=/home/user/trip.md", undefined, carol);
    await expect.poll(lisbon).toBe(false);
  });

  it("kept current for folders and for files code writes in the sandbox: moved, deleted, created", async () => {
    const dave = await signedInUser(t.app);
    await api("POST", "/api/vector/initialize", undefined, dave);
    await expect
      .poll(async () => (await api("GET", "/api/vector/status", undefined, dave)).json().progress.state)
      .toBe("done");
    const where = async (query: string) =>
      (
        await api(
          "POST",
          "/api/vector/search",
          { query, options: { threshold: 0.1, objectType: "file" } },
          dave,
        )
      )
        .json()
        .results.map((r: { objectId: string }) => r.objectId);
    await api(
      "PUT",
      "/api/files/content",
      { path: "/home/user/trips/rome.md", content: "Colosseum tickets for Tuesday." },
      dave,
    );
    await expect.poll(() => where("Colosseum tickets")).toContain("/home/user/trips/rome.md");
    // A folder moved: its files are found under the new path only.
    await api("POST", "/api/files/move", { from: "/home/user/trips", to: "/home/user/travel" }, dave);
    await expect
      .poll(async () => (await where("Colosseum tickets")).filter((p: string) => p.endsWith("/rome.md")))
      .toEqual(["/home/user/travel/rome.md"]);
    // A folder deleted: its files are gone from the index.
    await api("DELETE", "/api/files?path=/home/user/travel", undefined, dave);
    await expect
      .poll(async () => (await where("Colosseum tickets")).filter((p: string) => p.endsWith("/rome.md")))
      .toEqual([]);

    const sandbox = (await api("GET", "/api/sandbox/health", undefined, dave)).json();
    if (!sandbox.available && !process.env.CI) return; // this machine cannot run code; CI can
    const ran = await api(
      "POST",
      "/api/sandbox/run",
      { language: "bash", code: "echo 'Saffron risotto needs arborio rice.' > ~/cook.md" },
      dave,
    );
    expect(ran.json().exitCode).toBe(0);
    await expect.poll(() => where("saffron risotto")).toContain("/home/user/cook.md");
  });
});
