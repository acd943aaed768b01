import type { ModuleStatus } from "@neuroos/contracts";

/** One live check of a system module; features contribute theirs (LLM Core, Code Interpreter, ...). */
export interface ModuleCheck {
  id: string;
  name: string;
  /** Checks for this user (some modules depend on the user's settings). */
  check(userId: string): Promise<{ status: ModuleStatus; description: string }>;
}
