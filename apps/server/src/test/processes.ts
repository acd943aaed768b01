import fs from "node:fs";

/** The host's processes for which `matches` holds; it reads their /proc files (one gone meanwhile is skipped). */
export function processesWhere(matches: (read: (file: "cmdline" | "stat") => string) => boolean): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (matches((file) => fs.readFileSync(`/proc/${pid}/${file}`, "utf8"))) found.push(Number(pid));
    } catch {}
  }
  return found;
}

/** Host processes whose command line contains `needle` (to prove a process tree is gone). */
export function processesWith(needle: string): number[] {
  return processesWhere((read) => read("cmdline").includes(needle));
}

/** The parent's pid in a /proc/<pid>/stat line. */
function parentIn(stat: string): number {
  // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** The processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return processesWhere((read) => parentIn(read("stat")) === pid);
}

/** `pid` and its ancestors up to init, each with its name (comm); throws if one ended meanwhile. */
export function lineage(pid: number): { pid: number; name: string }[] {
  const chain: { pid: number; name: string }[] = [];
  for (let at = pid; at > 0; ) {
    const stat = fs.readFileSync(`/proc/${at}/stat`, "utf8");
    chain.push({ pid: at, name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) });
    at = parentIn(stat);
  }
  return chain;
}
