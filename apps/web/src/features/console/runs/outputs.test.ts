import type { ChatMessage, MessageOutput } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { blockIndexOf, fencedBlocks, latestOutput, messageIdOfBlock, storedRun, toolFiles } from "./outputs";

const output = (over: Partial<MessageOutput>): MessageOutput => ({
  id: "o1",
  messageId: "m1",
  block: 0,
  kind: "run",
  language: "python",
  input: "print(1)",
  stdout: "1\n",
  stderr: "",
  outputChars: 2,
  exitCode: 0,
  durationMs: 12,
  files: [],
  executionId: "e1",
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("a message's outputs", () => {
  it("finds a block's index among the fenced blocks", () => {
    const text = "Try:\n```python\nprint(1)\n```\n\nthen\n\n~~~bash\necho hi\nls\n~~~\n";
    expect(fencedBlocks(text)).toEqual(["print(1)", "echo hi\nls"]);
    expect(blockIndexOf(text, "echo hi\nls")).toBe(1);
    expect(blockIndexOf(text, "missing")).toBe(-1);
  });

  it("takes the newest run of the block, and shows it as a run", () => {
    const message = {
      id: "m1",
      outputs: [
        output({ id: "a" }),
        output({ id: "b", block: 1 }),
        output({ id: "c", exitCode: 2, stderr: "x" }),
      ],
    } as ChatMessage;
    expect(latestOutput(message, 0)?.id).toBe("c");
    expect(latestOutput(message, 2)).toBeNull();
    expect(storedRun(output({ exitCode: 2, stderr: "boom" }))).toMatchObject({
      status: "failed",
      output: "1\nboom",
      exitCode: 2,
    });
    expect(messageIdOfBlock("m1:3:120")).toBe("m1");
  });
});

describe("files a tool call wrote", () => {
  it("reads run_code's files and write_file's own path", () => {
    const files = [{ path: "/home/user/a.png", size: 10 }];
    expect(toolFiles("run_code", { stdout: "", files })).toEqual(files);
    expect(toolFiles("write_file", { path: "/home/user/b.md", size: 3 })).toEqual([
      { path: "/home/user/b.md", size: 3 },
    ]);
    expect(toolFiles("read_file", { path: "/home/user/b.md", size: 3 })).toEqual([]);
    expect(toolFiles("run_code", "plain text")).toEqual([]);
  });
});
