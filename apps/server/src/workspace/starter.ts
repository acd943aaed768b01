import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** The small tree a new workspace starts with, under /home/user/projects. */
export const starterFiles: Record<string, string> = {
  "README.md": `# Welcome to your NeuroOS workspace

This folder is your home, \`/home/user\`. Your files live here, and code you run (from the
console, the IDE or the terminal) runs in a sandbox that sees this workspace and nothing else.

- \`example.py\` — Python: reads \`data.json\` and prints a summary
- \`example.js\` — JavaScript (Node.js): the same in JavaScript
- \`example.ts\` — TypeScript: the same, with types
- \`data.json\` — the sample data the examples read

Try it in the terminal: \`cd ~/projects && python3 example.py\`
`,
  "example.py": `import json
from pathlib import Path

data = json.loads((Path(__file__).parent / "data.json").read_text())
total = sum(item["quantity"] * item["price"] for item in data["items"])
print(f"{data['name']}: {len(data['items'])} items, total {total:.2f}")
for item in data["items"]:
    print(f"  - {item['name']:<10} x{item['quantity']}")
`,
  "example.js": `const fs = require("node:fs");
const path = require("node:path");

const data = JSON.parse(fs.readFileSync(path.join(__dirname, "data.json"), "utf8"));
const total = data.items.reduce((sum, item) => sum + item.quantity * item.price, 0);
console.log(\`\${data.name}: \${data.items.length} items, total \${total.toFixed(2)}\`);
`,
  "example.ts": `interface Item {
  name: string;
  quantity: number;
  price: number;
}

const items: Item[] = [
  { name: "apples", quantity: 3, price: 0.5 },
  { name: "pears", quantity: 2, price: 0.75 },
];

const total = items.reduce((sum, item) => sum + item.quantity * item.price, 0);
console.log(\`\${items.length} items, total \${total.toFixed(2)}\`);
`,
  "data.json": `${JSON.stringify(
    {
      name: "Groceries",
      items: [
        { name: "apples", quantity: 3, price: 0.5 },
        { name: "pears", quantity: 2, price: 0.75 },
        { name: "bread", quantity: 1, price: 2.2 },
      ],
    },
    null,
    2,
  )}\n`,
};

/** The IDE's seed tree (spec: a folder /src with index.ts and app.ts), at the workspace's root. */
export const seedSourceFiles: Record<string, string> = {
  "index.ts": `import { greet } from "./app";

console.log(greet("NeuroOS"));
`,
  "app.ts": `export function greet(name: string): string {
  return \`Hello from \${name}!\`;
}
`,
};

/**
 * Creates the workspace `dir` with its starter tree if it does not exist yet. The tree is built
 * beside it and renamed into place, so a workspace is never seen half-made.
 */
export async function ensureWorkspace(dir: string): Promise<void> {
  try {
    await fs.access(dir);
    return;
  } catch {}
  const parent = path.dirname(dir);
  await fs.mkdir(parent, { recursive: true, mode: 0o700 });
  const staging = path.join(parent, `.new-${path.basename(dir)}-${randomBytes(4).toString("hex")}`);
  const projects = path.join(staging, "projects");
  await fs.mkdir(projects, { recursive: true, mode: 0o755 });
  await fs.chmod(staging, 0o755);
  for (const [name, content] of Object.entries(starterFiles)) {
    await fs.writeFile(path.join(projects, name), content, { mode: 0o644 });
  }
  const src = path.join(staging, "src");
  await fs.mkdir(src, { mode: 0o755 });
  for (const [name, content] of Object.entries(seedSourceFiles)) {
    await fs.writeFile(path.join(src, name), content, { mode: 0o644 });
  }
  try {
    await fs.rename(staging, dir);
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EEXIST" && code !== "ENOTEMPTY") throw err;
  }
}
