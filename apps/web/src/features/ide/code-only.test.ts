import { describe, expect, it } from "vitest";
import { codeOnly } from "./code-only";

/** Replies as models give them to "insert the code at <CURSOR>", however firmly told not to chat. */
describe("codeOnly: the code of an inline-completion reply", () => {
  it("keeps a plain continuation as it is, its indentation and leading line break too", () => {
    expect(codeOnly('console.log("done");')).toBe('console.log("done");');
    expect(codeOnly("\n    return a + b\n")).toBe("\n    return a + b");
    expect(codeOnly("  if (x) {\n    y();\n  }\n\n")).toBe("  if (x) {\n    y();\n  }");
  });

  it("takes the code out of a fence with or without a language", () => {
    expect(codeOnly('```ts\nconsole.log("accepted");\n```')).toBe('console.log("accepted");');
    expect(codeOnly("```\nreturn a + b;\n```\n")).toBe("return a + b;");
    expect(codeOnly("~~~python\nfor i in range(3):\n    print(i)\n~~~")).toBe(
      "for i in range(3):\n    print(i)",
    );
    expect(codeOnly("```c++\nstd::cout << x;\n```")).toBe("std::cout << x;");
  });

  it("drops the lead-in and the explanation around a fenced block", () => {
    const reply = [
      "Here is the completion:",
      "",
      "```typescript",
      'console.log("done");',
      "```",
      "",
      "This logs a message when the greeting is done.",
    ].join("\n");
    expect(codeOnly(reply)).toBe('console.log("done");');
    expect(
      codeOnly(
        "Sure! Here's the code to insert at <CURSOR>:\n\n```js\nconst total = items.reduce((s, i) => s + i.price, 0);\n```\n\nThe `reduce` call sums the prices.\n\n```js\nconsole.log(total);\n```",
      ),
    ).toBe("const total = items.reduce((s, i) => s + i.price, 0);");
  });

  it("keeps what a token limit left of an unclosed fence", () => {
    expect(codeOnly("```python\ndef area(r):\n    return 3.14159 * r")).toBe(
      "def area(r):\n    return 3.14159 * r",
    );
  });

  it("drops a lead-in line and a trailing explanation when there is no fence", () => {
    expect(codeOnly("Here is the completion:\nreturn a + b;")).toBe("return a + b;");
    expect(codeOnly("Sure!\n\n  return name.trim();")).toBe("  return name.trim();");
    expect(codeOnly("return a + b;\n\nThis returns the sum of the two numbers.")).toBe("return a + b;");
    expect(codeOnly("print(total)\nNote that total must be defined before this line.")).toBe("print(total)");
  });

  it("keeps code that merely looks like words: comments, this., Python blocks, it() calls", () => {
    const code = [
      "// This is the part that greets the user",
      "this.name = name;",
      "it('greets', () => {",
      "  expect(greet('a')).toBe('Hello, a');",
      "});",
    ].join("\n");
    expect(codeOnly(code)).toBe(code);
    expect(codeOnly("if done:\n    # The loop ends here when done\n    break")).toBe(
      "if done:\n    # The loop ends here when done\n    break",
    );
  });

  it("drops a stray closing fence, single backticks and an echoed <CURSOR>", () => {
    expect(codeOnly("  return x;\n```")).toBe("  return x;");
    expect(codeOnly("`greet(name)`")).toBe("greet(name)");
    expect(codeOnly("<CURSOR>greet(name);")).toBe("greet(name);");
  });

  it("gives nothing when the reply is only prose", () => {
    expect(codeOnly("I need more context to complete this code.")).toBe("");
    expect(codeOnly("Here is the completion:\n\n")).toBe("");
  });
});
