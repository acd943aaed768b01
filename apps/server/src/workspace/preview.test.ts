import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, type TestApp, type TwoPeople, twoPeople } from "../test/test-app";

describeEachDatabase("an HTML file's preview page", (db) => {
  let t: TestApp;
  let p: TwoPeople;
  beforeAll(async () => {
    t = await buildTestApp(db());
    p = await twoPeople(t.app);
    const page = { path: "/home/user/page.html", content: "<h1>Hi</h1><script>1</script>" };
    expect((await p.api("PUT", "/api/files/content", page)).statusCode).toBe(200);
    expect(
      (await p.api("PUT", "/api/files/content", { path: "/home/user/a.txt", content: "x" })).statusCode,
    ).toBe(200);
  });

  it("answers the person's HTML file as a page in an opaque origin that loads and reaches nothing", async () => {
    const res = await p.api("GET", "/api/files/preview?path=%2Fhome%2Fuser%2Fpage.html");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("<h1>Hi</h1><script>1</script>");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toMatch(/^sandbox allow-scripts;/);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("allow-same-origin");
  });

  it("refuses another kind of file, a path outside the workspace, and another person's file", async () => {
    expect((await p.api("GET", "/api/files/preview?path=%2Fhome%2Fuser%2Fa.txt")).statusCode).toBe(400);
    expect((await p.api("GET", "/api/files/preview?path=%2Fetc%2Fx.html")).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    // Bob's workspace is his own: Alice's page is not there.
    const bobs = await p.api("GET", "/api/files/preview?path=%2Fhome%2Fuser%2Fpage.html", undefined, p.bob);
    expect(bobs.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/files/preview?path=x.html" })).statusCode).toBe(
      401,
    );
  });
});
