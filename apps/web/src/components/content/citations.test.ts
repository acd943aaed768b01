import { describe, expect, it } from "vitest";
import { citationHref, findCitations, parseCitationHref, remarkCitations, sourceCitation } from "./citations";

describe("citations of workspace files", () => {
  it("finds path:from-to and path:line in prose, without trailing punctuation", () => {
    const found = findCitations("See /home/user/docs/plan.md:31-60, and /home/user/a b.txt:4.");
    expect(found.map(({ path, from, to }) => ({ path, from, to }))).toEqual([
      { path: "/home/user/docs/plan.md", from: 31, to: 60 },
    ]);
    expect(findCitations("(/home/user/notes.txt:7)")[0]).toMatchObject({
      path: "/home/user/notes.txt",
      from: 7,
      to: 7,
    });
    expect(findCitations("/etc/passwd:1-2")).toEqual([]);
  });

  it("round-trips through a link address, and refuses other addresses", () => {
    const c = { path: "/home/user/my notes/ä.md", from: 3, to: 9 };
    expect(parseCitationHref(citationHref(c))).toEqual(c);
    expect(parseCitationHref("https://example.com")).toBeNull();
    expect(parseCitationHref("#cite=/home/user/x")).toBeNull();
  });

  it("links citations in text and inline code, not inside existing links or code blocks", () => {
    const tree = {
      type: "root",
      children: [
        {
          type: "paragraph",
          children: [
            { type: "text", value: "From /home/user/a.md:1-40 we learn" },
            { type: "inlineCode", value: "/home/user/b.md:2-3" },
            { type: "link", url: "https://x", children: [{ type: "text", value: "/home/user/c.md:1-2" }] },
          ],
        },
        { type: "code", value: "/home/user/d.md:1-2" },
      ],
    };
    remarkCitations()(tree);
    const paragraph = tree.children[0] as { children: { type: string; url?: string }[] };
    expect(paragraph.children.map((n) => n.type)).toEqual(["text", "link", "text", "link", "link"]);
    expect(paragraph.children[1]?.url).toBe(citationHref({ path: "/home/user/a.md", from: 1, to: 40 }));
    expect(paragraph.children[4]?.url).toBe("https://x");
    expect(tree.children[1]).toEqual({ type: "code", value: "/home/user/d.md:1-2" });
  });

  it("with the passages a message was sent with, numbered markers link to them; unknown numbers stay text", () => {
    const sources = ["/home/user/docs/house.txt:39-45", "/home/user/notes"];
    const tree = {
      type: "root",
      children: [
        {
          type: "paragraph",
          children: [{ type: "text", value: "In March [1]; see also [1, 2] but not [3] or [0]." }],
        },
      ],
    };
    remarkCitations({ sources })(tree);
    const paragraph = tree.children[0] as { children: { type: string; url?: string; title?: string }[] };
    expect(paragraph.children.map((n) => n.type)).toEqual(["text", "link", "text", "link", "link", "text"]);
    expect(paragraph.children[1]).toMatchObject({
      url: citationHref({ path: "/home/user/docs/house.txt", from: 39, to: 45 }),
      title: "Source 1: /home/user/docs/house.txt:39-45",
      children: [{ type: "text", value: "[1]" }],
    });
    expect(paragraph.children[4]).toMatchObject({
      url: citationHref({ path: "/home/user/notes", from: 1, to: 1 }),
      children: [{ type: "text", value: "[2]" }],
    });
    expect(paragraph.children[5]).toEqual({ type: "text", value: " but not [3] or [0]." });
    // Without sources a marker is text.
    const plain = {
      type: "root",
      children: [{ type: "paragraph", children: [{ type: "text", value: "[1]" }] }],
    };
    remarkCitations()(plain);
    expect(plain.children[0]?.children).toEqual([{ type: "text", value: "[1]" }]);
    expect(sourceCitation("/home/user/a.md:3-9")).toEqual({ path: "/home/user/a.md", from: 3, to: 9 });
  });
});
