import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { matchRank } from "./service";

describeEachDatabase("AAC symbols: /api/symbols", (db) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ cookie } = await signedInUser(t.app));
  });
  afterAll(() => t.app.close());

  const get = (query: string, as = cookie) =>
    t.app.inject({ url: `/api/symbols?${query}`, headers: { cookie: as } });

  it("searches the names: best match first, at most 40, each a standalone SVG", async () => {
    const res = await get("q=waving%20hand");
    expect(res.statusCode).toBe(200);
    const { symbols } = res.json() as { symbols: { name: string; svg: string }[] };
    expect(symbols[0]?.name).toBe("waving-hand");
    expect(symbols[0]?.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="32" height="32"/);
    expect(symbols[0]?.svg).toMatch(/<\/svg>$/);
    expect(symbols.length).toBeGreaterThan(1);
    const many = (await get("q=face")).json().symbols;
    expect(many).toHaveLength(40);
    expect((await get("q=zzqqxx")).json()).toEqual({ symbols: [] });
  });

  it("answers named symbols in the order asked, leaving out unknown names", async () => {
    const res = await get("names=red-heart,not-a-symbol-at-all,waving-hand");
    expect(res.json().symbols.map((s: { name: string }) => s.name)).toEqual(["red-heart", "waving-hand"]);
  });

  it("refuses bad queries with a 400 and the signed-out with a 401", async () => {
    for (const query of [
      "",
      "q=",
      "q=%20",
      `q=${"a".repeat(61)}`,
      "names=",
      "names=Bad_Name",
      "q=a&names=b",
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
    const tooMany = Array.from({ length: 41 }, (_, i) => `n${i}`).join(",");
    expect((await get(`names=${tooMany}`)).statusCode).toBe(400);
    expect((await get("q=face", "")).statusCode).toBe(401);
  });
});

describe("matchRank", () => {
  it("ranks the exact name, then whole words, then word starts, then anywhere", () => {
    expect(matchRank("thumbs-up", ["thumbs", "up"])).toBe(0);
    expect(matchRank("smiling-face-with-hearts", ["face", "smiling"])).toBe(1);
    expect(matchRank("smiling-face", ["smil"])).toBe(2);
    expect(matchRank("sunflower", ["flower"])).toBe(3);
    expect(matchRank("sunflower", ["tree"])).toBeNull();
  });
});
