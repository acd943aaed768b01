import { describe, expect, it } from "vitest";
import { isRunnable, runFrame } from "./runnable";

describe("runnable code blocks", () => {
  it("offers Run only for python, javascript, shell and bash", () => {
    for (const lang of ["python", "javascript", "shell", "bash", "Python"])
      expect(isRunnable(lang)).toBe(true);
    for (const lang of ["typescript", "json", "sh", "", undefined, "ruby"])
      expect(isRunnable(lang)).toBe(false);
  });

  it("sends bash and sh to the terminal path, the others to code execution", () => {
    expect(runFrame("bash", "ls", "s")).toEqual({ type: "terminal_command", sessionId: "s", command: "ls" });
    expect(runFrame("sh", "ls", "s")).toEqual({ type: "terminal_command", sessionId: "s", command: "ls" });
    expect(runFrame("python", "print(1)", "s")).toEqual({
      type: "code_execution",
      sessionId: "s",
      code: "print(1)",
      language: "python",
    });
    expect(runFrame("shell", "echo", "s")).toMatchObject({ type: "code_execution", language: "sh" });
    expect(() => runFrame("ruby", "x", "s")).toThrow("Language ruby not supported for execution");
  });
});
