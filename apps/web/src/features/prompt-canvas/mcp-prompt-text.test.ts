import { describe, expect, it } from "vitest";
import { promptText } from "./mcp-prompt-text";

describe("an MCP prompt as the canvas's prompt", () => {
  it("joins the person's messages", () => {
    expect(promptText([{ role: "user", text: "What's the weather in Paris?" }])).toBe(
      "What's the weather in Paris?",
    );
    expect(
      promptText([
        { role: "user", text: "Please analyse this:" },
        { role: "user", text: "  Resource 3: plain text\n" },
      ]),
    ).toBe("Please analyse this:\n\nResource 3: plain text");
  });

  it("names the speakers when the assistant speaks too, leaving out empty messages", () => {
    expect(
      promptText([
        { role: "user", text: "Hi" },
        { role: "assistant", text: "Hello! What do you need?" },
        { role: "user", text: " " },
        { role: "user", text: "A haiku" },
      ]),
    ).toBe("User:\nHi\n\nAssistant:\nHello! What do you need?\n\nUser:\nA haiku");
  });
});
