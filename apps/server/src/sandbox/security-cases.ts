import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";

/**
 * The cases of the security battery (security.test.ts): path-traversal payloads, and code that
 * attacks from inside the sandbox, each with the check that it was contained.
 */
export interface Places {
  dataDir: string;
  bobDir: string;
  siblingDir: string;
}

/** Paths that must be refused by every file operation (links they go through are made first). */
export function traversalPayloads({ dataDir, bobDir, siblingDir }: Places): string[] {
  return [
    "../../../../etc/passwd",
    "/home/user/../../../etc/passwd",
    "/home/user/projects/../../../../etc/passwd",
    "/home/user/a/b/../../../../../etc/passwd",
    "~/../../etc/passwd",
    "/home/user/./../etc",
    "..%2f..%2f..%2fetc%2fpasswd",
    "%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "%2F..%2F..%2Fetc%2Fpasswd",
    "/home/user/projects/%2e%2e/%2e%2e/etc/passwd",
    "%252e%252e/%252e%252e/etc/passwd",
    "..%252f..%252fetc%252fpasswd",
    "%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
    "..%c0%af..%c0%afetc%c0%afpasswd",
    "..%5c..%5cetc%5cpasswd",
    "..\\..\\..\\etc\\passwd",
    "/home/user\\..\\..\\etc\\passwd",
    "\\\\server\\share\\x",
    "/etc/passwd",
    "/etc/shadow",
    "/proc/self/environ",
    `${dataDir}/canary.txt`,
    `${bobDir}/bob-canary.txt`,
    `${siblingDir}/canary.txt`,
    "/home/user2/canary.txt",
    "/home/username/x",
    "/home/user/../user2/x",
    "/home/user/x\0.txt",
    "/home/user/x%00.txt",
    "x\0/../../etc/passwd",
    "\uff0e\uff0e/\uff0e\uff0e/etc/passwd",
    "\u2025/etc/passwd",
    "\u2024\u2024/\u2024\u2024/etc/passwd",
    "\uff0e\uff0e\uff0f\uff0e\uff0e\uff0fetc\uff0fpasswd",
    "..\u2215..\u2215etc\u2215passwd",
    "..\uff3c..\uff3cetc\uff3cpasswd",
    "....//....//etc/passwd",
    ".../.../etc/passwd",
    "/home/user/\u202e..\u202d/x",
    "/home/user/\u0085x",
    "/home/user/escape/passwd",
    "/home/user/up/etc/passwd",
    "/home/user/datalink/canary.txt",
    "/home/user/bobws/bob-canary.txt",
    "/home/user/sib/canary.txt",
    "/home/user/loop/x",
    "/home/user/chain/passwd",
    "/home/user/deep/er/out/etc/passwd",
  ];
}

export interface JobResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  limit: string | null;
  truncated: boolean;
}
export type Attack = [name: string, code: string, check: (r: JobResult) => void];

/** Bash run as alice's code; each check says the attempt failed or was cut by its limit. */
export function sandboxAttacks(
  { dataDir, bobDir }: Places,
  secrets: { server: string; bob: string },
  port: number,
): Attack[] {
  const SERVER_SECRET = secrets.server;
  const BOB_SECRET = secrets.bob;
  const hostIp =
    Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i?.family === "IPv4" && !i.internal)?.address ?? "10.0.0.1";
  const probe = (host: string, p: number) =>
    `python3 -c "import socket; s=socket.socket(); s.settimeout(2)\ntry:\n  s.connect(('${host}', ${p})); print('CONNECTED')\nexcept OSError as e: print('blocked', e.errno)"`;
  return [
    [
      "read another user's canary",
      `cat ${bobDir}/bob-canary.txt; ls ${path.dirname(bobDir)}; echo end`,
      (r) => {
        expect(r.stdout + r.stderr).not.toContain(BOB_SECRET);
        expect(r.stderr).toContain("No such file or directory");
      },
    ],
    [
      "list the data directory",
      `ls -la ${dataDir} /run /var/run/postgresql 2>&1; echo end`,
      (r) => {
        expect(r.stdout).not.toContain("canary.txt");
        expect(r.stdout).not.toContain("pglite");
      },
    ],
    [
      "read /proc/1/environ",
      "tr '\\0' '\\n' < /proc/1/environ; env; echo end",
      (r) => {
        expect(r.stdout).not.toContain(SERVER_SECRET);
        expect(r.stdout).toContain("HOME=/home/user");
      },
    ],
    [
      "read the server's environment",
      `cat /proc/${process.pid}/environ; ls /proc | grep -c . ; echo end`,
      (r) => {
        expect(r.stdout + r.stderr).not.toContain(SERVER_SECRET);
      },
    ],
    [
      "connect to the server's port",
      `${probe("127.0.0.1", port)}\n${probe(hostIp, port)}`,
      (r) => {
        expect(r.stdout).not.toContain("CONNECTED");
        expect(r.stdout.match(/blocked/g)).toHaveLength(2);
      },
    ],
    [
      "connect to PostgreSQL",
      `${probe("127.0.0.1", 5432)}\n${probe(hostIp, 5432)}\nls /run/postgresql /var/run/postgresql 2>&1`,
      (r) => {
        expect(r.stdout).not.toContain("CONNECTED");
        expect(r.stdout).toContain("No such file or directory");
      },
    ],
    [
      "write outside /home/user",
      "for f in /etc/pwned /usr/pwned /pwned /home/pwned /proc/pwned; do echo x > $f 2>/dev/null && echo WROTE $f; done; echo leak > /tmp/neuroos-leak-probe; echo end",
      (r) => {
        expect(r.stdout).not.toContain("WROTE");
        expect(fs.existsSync("/tmp/neuroos-leak-probe")).toBe(false);
        expect(fs.existsSync("/etc/pwned")).toBe(false);
      },
    ],
    [
      "kill the server",
      `kill -9 ${process.pid} 2>&1; kill -9 -1 2>&1; echo end`,
      (r) => {
        expect(r.stdout).toContain("end");
      },
    ],
    [
      "ptrace",
      "python3 -c \"import ctypes; libc=ctypes.CDLL(None, use_errno=True); print('ptrace', libc.ptrace(0,0,0,0), ctypes.get_errno())\"",
      (r) => {
        expect(r.stdout).toBe("ptrace -1 1\n");
      },
    ],
    [
      "mount",
      "mkdir -p /tmp/m; mount -t tmpfs none /tmp/m 2>&1 && echo MOUNTED; mount --bind / /tmp/m 2>&1 && echo MOUNTED; echo end",
      (r) => {
        expect(r.stdout).not.toContain("MOUNTED");
      },
    ],
    [
      "unshare",
      "unshare -r id 2>&1 && echo UNSHARED; unshare -Urm id 2>&1 && echo UNSHARED; echo end",
      (r) => {
        expect(r.stdout).not.toContain("UNSHARED");
      },
    ],
    [
      "allocate 10 GB",
      "python3 -c \"x = bytearray(10 * 1024**3); print('ALLOCATED')\"",
      (r) => {
        expect(r.stdout).not.toContain("ALLOCATED");
        expect(r.stderr + (r.limit ?? "")).toMatch(/MemoryError|memory/);
      },
    ],
    [
      "touch 1 GB page by page",
      'python3 -c "x=[]\nwhile True: x.append(bytearray(50*1024*1024))"',
      (r) => {
        expect(r.limit).toBe("memory");
      },
    ],
    [
      // The shell stays (sleep) so the bomb, not its parent's exit, decides how the job ends.
      "fork bomb",
      ":(){ :|:& };:; sleep 4",
      (r) => {
        expect(r.limit).toBe("processes");
      },
    ],
    [
      "infinite loop",
      "while :; do :; done",
      (r) => {
        expect(r.limit).toBe("time");
      },
    ],
    [
      "flood stdout",
      "cat /dev/urandom | base64",
      (r) => {
        expect(r).toMatchObject({ limit: "output", truncated: true });
        expect(r.stdout.length).toBeLessThan(1024 * 1024 + 200);
      },
    ],
  ];
}
