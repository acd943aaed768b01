import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processAlive } from "../platform/process-alive";
import { MATPLOTLIB_BACKEND_SOURCE } from "./matplotlib-backend";
import { seccompProgram } from "./seccomp";

/**
 * What a sandbox sees: read-only system directories, a handful of /etc files (with our own
 * passwd/group/hosts), its own /proc, a minimal /dev, a private /tmp, and the user's workspace
 * read-write at /home/user. Nothing else of the host: not the data directory, other
 * workspaces, the database or its socket, /sys, /run or the server's environment.
 */
export const SANDBOX_UID = 1000;
export const SANDBOX_HOME = "/home/user";
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
const ETC_ENTRIES = [
  "ld.so.cache",
  "ld.so.conf",
  "ld.so.conf.d",
  "localtime",
  "timezone",
  "alternatives",
  "bash.bashrc",
  "inputrc",
  "profile",
  "nsswitch.conf",
  "terminfo",
  "mime.types",
  "python3",
  "python3.11",
  "python3.12",
  "python3.13",
  // Debian's matplotlib keeps its default settings here (mpl-data links to it).
  "matplotlibrc",
  // TLS roots, for a sandbox the admin lets reach the network (not ssl/private: keys stay out).
  "ssl/certs",
];
const passwd = `root:x:0:0:root:/root:/usr/sbin/nologin
user:x:${SANDBOX_UID}:${SANDBOX_UID}:NeuroOS user:${SANDBOX_HOME}:/bin/bash
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
`;
const group = `root:x:0:\nuser:x:${SANDBOX_UID}:\nnogroup:x:65534:\n`;
const hosts = "127.0.0.1\tlocalhost neuroos\n::1\tlocalhost\n";
/** NeuroOS's own Python modules inside (read-only): matplotlib's backend that saves plt.show()'s charts. */
const PYTHON_DIR = "/etc/neuroos/python";
const MATPLOTLIB_BACKEND = "neuroos_matplotlib.py";
/**
 * matplotlib draws without a display, its and fontconfig's caches go to the private /tmp (not the workspace),
 * and plt.show() saves the chart as a PNG in the working directory.
 */
const PYTHON_ENV = {
  PYTHONPATH: PYTHON_DIR,
  MPLBACKEND: "module://neuroos_matplotlib",
  MPLCONFIGDIR: "/tmp/.matplotlib",
  // fontconfig's cache (matplotlib's fonts) in the private /tmp too, not in the person's files.
  XDG_CACHE_HOME: "/tmp/.cache",
};

/** Host-side files every sandbox mounts (made once per server, in a private 0700 folder). */
export interface SandboxLayout {
  /** Arguments describing the file system, except the workspace. */
  mounts: string[];
  /** Where bound system directories live on the host (to check the data dir is not among them). */
  visibleHostPaths: string[];
  /** The compiled seccomp filter, or null (no table for this architecture). */
  seccompFile: string | null;
  /** PATH inside the sandbox. */
  path: string;
  dir: string;
}

/** Layout folders of server processes that died without cleaning up are removed. */
function removeStaleLayouts(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^neuroos-sandbox-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

export function prepareLayout(): SandboxLayout {
  removeStaleLayouts();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `neuroos-sandbox-${process.pid}-`));
  fs.chmodSync(dir, 0o700);
  const etc = path.join(dir, "etc");
  fs.mkdirSync(etc);
  fs.writeFileSync(path.join(etc, "passwd"), passwd);
  fs.writeFileSync(path.join(etc, "group"), group);
  fs.writeFileSync(path.join(etc, "hosts"), hosts);
  fs.writeFileSync(path.join(etc, "hostname"), "neuroos\n");
  fs.chmodSync(etc, 0o755);
  const program = seccompProgram();
  const seccompFile = program ? path.join(dir, "seccomp.bpf") : null;
  if (seccompFile && program) fs.writeFileSync(seccompFile, program);

  const mounts: string[] = [];
  const visible: string[] = [];
  for (const d of SYSTEM_DIRS) {
    const stat = fs.lstatSync(d, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isSymbolicLink()) mounts.push("--symlink", fs.readlinkSync(d), d);
    else if (stat.isDirectory()) {
      mounts.push("--ro-bind", d, d);
      visible.push(d);
    }
  }
  // Node itself (for javascript/typescript), wherever it is installed.
  const nodeBin = path.dirname(fs.realpathSync(process.execPath));
  const nodePrefix = path.dirname(nodeBin);
  const extraPath: string[] = [];
  if (!visible.some((v) => nodeBin === v || nodeBin.startsWith(`${v}/`))) {
    mounts.push("--ro-bind", nodePrefix, nodePrefix);
    visible.push(nodePrefix);
    extraPath.push(nodeBin);
  }
  // /etc: a copy of the few host entries programs need (links kept as links), made once per
  // server start and mounted as one directory (one mount instead of twenty: faster starts).
  for (const entry of ETC_ENTRIES) {
    const host = path.join("/etc", entry);
    if (fs.existsSync(host))
      fs.cpSync(host, path.join(etc, entry), { recursive: true, verbatimSymlinks: true });
  }
  // The resolver's configuration as a file (on some hosts it is a link into /run, not mounted).
  try {
    fs.copyFileSync(fs.realpathSync("/etc/resolv.conf"), path.join(etc, "resolv.conf"));
  } catch {
    // No resolver configured: names are not resolved inside, even with the network.
  }
  const python = path.join(etc, PYTHON_DIR.slice("/etc/".length));
  fs.mkdirSync(python, { recursive: true });
  fs.writeFileSync(path.join(python, MATPLOTLIB_BACKEND), MATPLOTLIB_BACKEND_SOURCE);
  mounts.push("--ro-bind", etc, "/etc");
  return {
    mounts,
    visibleHostPaths: visible,
    seccompFile,
    path: [...extraPath, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
    dir,
  };
}

export interface BwrapOptions {
  workspace: string;
  /** Run in a new session (detached from any terminal). Off for the PTY, whose tty is the sandbox's own. */
  newSession: boolean;
  /** Share the host's network namespace (only where the admin allowed it); otherwise none at all. */
  network?: boolean;
  /** Extra environment inside (PATH, HOME, LANG, USER are always set; nothing else leaks in). */
  env?: Record<string, string>;
  /**
   * An fd bwrap reads more options from (NUL-separated, after the environment above): a person's
   * variables go there, out of the command line that `ps` shows every user of the host.
   */
  argsFd?: number;
  /** Files to create read-only inside from inherited fds: [fd, destination]. */
  dataFiles?: [number, string][];
  /** fd where bwrap reports JSON status (child pid, exit code). */
  statusFd?: number;
  /** fd holding the seccomp program. */
  seccompFd?: number;
  tmpSizeBytes: number;
}

/** The bwrap arguments for one job, up to (not including) the command to run. */
export function bwrapArgs(layout: SandboxLayout, o: BwrapOptions): string[] {
  const env = {
    PATH: layout.path,
    HOME: SANDBOX_HOME,
    LANG: "C.UTF-8",
    USER: "user",
    ...PYTHON_ENV,
    ...o.env,
  };
  return [
    "--unshare-all",
    ...(o.network ? ["--share-net"] : []),
    "--unshare-user",
    "--disable-userns",
    "--die-with-parent",
    ...(o.newSession ? ["--new-session"] : []),
    "--cap-drop",
    "ALL",
    "--uid",
    String(SANDBOX_UID),
    "--gid",
    String(SANDBOX_UID),
    "--hostname",
    "neuroos",
    "--clearenv",
    ...Object.entries(env).flatMap(([k, v]) => ["--setenv", k, v]),
    ...(o.argsFd !== undefined ? ["--args", String(o.argsFd)] : []),
    ...layout.mounts,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    String(o.tmpSizeBytes),
    "--tmpfs",
    "/tmp",
    "--bind",
    o.workspace,
    SANDBOX_HOME,
    ...(o.dataFiles ?? []).flatMap(([fd, dest]) => ["--ro-bind-data", String(fd), dest]),
    "--chdir",
    SANDBOX_HOME,
    "--remount-ro",
    "/",
    ...(o.statusFd !== undefined ? ["--json-status-fd", String(o.statusFd)] : []),
    ...(o.seccompFd !== undefined ? ["--seccomp", String(o.seccompFd)] : []),
  ];
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface WrapperLimits {
  cpuSeconds: number | null;
  addressSpaceBytes: number;
  fileSizeBytes: number;
  openFiles: number;
  /** Only when no pids cgroup is available (RLIMIT_NPROC counts per user, so it is a fallback). */
  processes: number | null;
}

/**
 * The POSIX sh prelude run before bwrap: joins the job's cgroups (so every process of the
 * job is counted), sets the rlimits, opens the seccomp file on `seccompFd`, then execs bwrap.
 * Exit code 125 means the prelude itself failed (the sandbox could not start).
 */
export function wrapperScript(
  procsFiles: string[],
  limits: WrapperLimits,
  seccomp?: { file: string; fd: number },
  /** A file of bwrap options (`argsFd`): opened on `fd`, then deleted before bwrap starts. */
  argsFile?: { file: string; fd: number },
): string {
  const lines = procsFiles.map((f) => `echo $$ > ${quote(f)} || exit 125`);
  if (argsFile)
    lines.push(`exec ${argsFile.fd}< ${quote(argsFile.file)} || exit 125`, `rm -f ${quote(argsFile.file)}`);
  const kb = (bytes: number) => Math.max(1, Math.floor(bytes / 1024));
  if (limits.cpuSeconds !== null) {
    // Soft limit -> SIGXCPU (reported as the CPU limit); the hard one a second later -> SIGKILL.
    lines.push(
      `ulimit -S -t ${limits.cpuSeconds} || exit 125`,
      `ulimit -H -t ${limits.cpuSeconds + 1} || exit 125`,
    );
  }
  lines.push(
    `ulimit -v ${kb(limits.addressSpaceBytes)} || exit 125`,
    // POSIX sh counts file sizes in 512-byte blocks.
    `ulimit -f ${Math.max(1, Math.floor(limits.fileSizeBytes / 512))} || exit 125`,
    `ulimit -n ${limits.openFiles} || exit 125`,
    "ulimit -c 0 || exit 125",
  );
  const redirect = seccomp ? ` ${seccomp.fd}< ${quote(seccomp.file)}` : "";
  const prlimit = limits.processes !== null ? `prlimit --nproc=${limits.processes} -- ` : "";
  lines.push(`exec ${prlimit}"$@"${redirect}`);
  return lines.join("\n");
}

const commandWord = /^[A-Za-z0-9_./=-]+$/;

/**
 * What a warm slot's script reads on its control fd: one line with the job's rlimits and
 * the command (fixed words chosen by the server, never user input), then bwrap's options
 * NUL-separated (bwrap reads them itself with --args).
 */
export function controlData(limits: WrapperLimits, command: string[], options: string[]): string {
  const bad = command.find((w) => !commandWord.test(w));
  if (bad !== undefined) throw new Error(`unsafe sandbox command word: ${bad}`);
  const kb = Math.max(1, Math.floor(limits.addressSpaceBytes / 1024));
  const blocks = Math.max(1, Math.floor(limits.fileSizeBytes / 512));
  const line = `${limits.cpuSeconds ?? "-"} ${kb} ${blocks} ${limits.openFiles} ${limits.processes ?? "-"} ${command.join(" ")}\n`;
  return line + nulSeparated(options);
}

/** bwrap's `--args` format; a NUL inside one would split it into options of its own, so none may. */
export function nulSeparated(options: string[]): string {
  if (options.some((o) => o.includes("\0"))) throw new Error("A sandbox option holds a NUL character");
  return options.map((o) => `${o}\0`).join("");
}

/**
 * The script of a warm slot: a shell started ahead of time that has already joined its job's
 * cgroups (the slow part), then waits on `controlFd` for the job's limits (one line) and execs
 * bwrap, which reads its arguments (NUL-separated) from the same fd. A slot whose server died
 * reads end-of-file and exits.
 */
export function slotScript(
  procsFiles: string[],
  controlFd: number,
  seccomp?: { file: string; fd: number },
): string {
  const redirect = seccomp ? ` ${seccomp.fd}< ${quote(seccomp.file)}` : "";
  return [
    ...procsFiles.map((f) => `echo $$ > ${quote(f)} || exit 125`),
    `read -r cpu as fsize nofile nproc command <&${controlFd} || exit 0`,
    // Soft CPU limit -> SIGXCPU (reported as the CPU limit); the hard one a second later -> SIGKILL.
    `if [ "$cpu" != - ]; then ulimit -S -t "$cpu" && ulimit -H -t "$((cpu + 1))" || exit 125; fi`,
    // POSIX sh counts file sizes in 512-byte blocks.
    `ulimit -v "$as" && ulimit -f "$fsize" && ulimit -n "$nofile" && ulimit -c 0 || exit 125`,
    // $command is split into words on purpose (server-chosen words, checked by controlData).
    `if [ "$nproc" != - ]; then exec prlimit --nproc="$nproc" -- "$@" --args ${controlFd} -- $command${redirect}; fi`,
    `exec "$@" --args ${controlFd} -- $command${redirect}`,
  ].join("\n");
}
