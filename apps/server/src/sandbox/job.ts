import os from "node:os";
import { StringDecoder } from "node:string_decoder";
import type { SandboxLimit, SandboxResult } from "@neuroos/contracts";
import { FD, pipeAt, type Slot } from "./warm";

/** One sandbox job on a slot: output capture with its cap, limits, cancellation, the result. */
export interface JobSpec {
  slot: Slot;
  /** What the slot reads on its control fd (see controlData). */
  control: string;
  /** The program file's content (read by bwrap's --ro-bind-data on FD.data), if any. */
  data?: string;
  stdin?: string;
  timeoutMs: number;
  outputBytes: number;
  cpuSeconds: number | null;
  signal?: AbortSignal;
  onOutput?: (stream: "stdout" | "stderr", text: string) => void;
}

export type JobOutcome = { started: true; result: SandboxResult } | { started: false; reason: string };

const signalNames = new Map(Object.entries(os.constants.signals).map(([name, n]) => [n as number, name]));
const { SIGKILL, SIGXCPU, SIGXFSZ } = os.constants.signals;
const EVENTS_POLL_MS = 50;

export function truncationNotice(bytes: number): string {
  const size =
    bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
  return `\n[output truncated: the ${size} output limit was reached and the job was stopped]\n`;
}

/** Which limit ended a job, from what we did and what the kernel reports. */
function limitOf(
  killedBy: SandboxLimit | null,
  events: { oomKilled: boolean; pidsLimitHit: boolean },
  signal: number | null,
  durationMs: number,
  cpuSeconds: number | null,
): SandboxLimit | null {
  if (killedBy) return killedBy;
  if (events.oomKilled) return "memory";
  if (events.pidsLimitHit) return "processes";
  if (signal === SIGXCPU) return "cpu";
  if (signal === SIGXFSZ) return "file_size";
  // The hard CPU limit (a second after the soft one) arrives as SIGKILL.
  if (signal === SIGKILL && cpuSeconds !== null && durationMs >= cpuSeconds * 1000) return "cpu";
  return null;
}

export function runJob(spec: JobSpec): Promise<JobOutcome> {
  const started = performance.now();
  const { child, cgroup } = spec.slot;
  const out = { stdout: "", stderr: "" };
  let outputUsed = 0;
  let truncated = false;
  let killedBy: SandboxLimit | null = null;
  let status = "";

  const kill = (why: SandboxLimit) => {
    killedBy ??= why;
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {}
    void cgroup?.destroy();
  };

  const capture = (stream: "stdout" | "stderr") => {
    const decoder = new StringDecoder("utf8");
    child[stream]?.on("data", (chunk: Buffer) => {
      if (truncated) return;
      let data = chunk;
      if (outputUsed + data.length > spec.outputBytes) {
        data = data.subarray(0, spec.outputBytes - outputUsed);
        truncated = true;
      }
      outputUsed += data.length;
      const text = decoder.write(data);
      if (text) {
        out[stream] += text;
        spec.onOutput?.(stream, text);
      }
      if (truncated) {
        const notice = truncationNotice(spec.outputBytes);
        out.stdout += notice;
        spec.onOutput?.("stdout", notice);
        kill("output");
      }
    });
  };
  capture("stdout");
  capture("stderr");
  pipeAt(child, FD.status)?.on("data", (d: Buffer) => {
    status += d.toString();
  });

  const finished = new Promise<JobOutcome>((resolve) => {
    const done = (outcome: JobOutcome) => {
      clearTimeout(timer);
      clearInterval(poll);
      spec.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    child.once("error", (err) => {
      void cgroup?.destroy();
      done({ started: false, reason: err.message });
    });
    child.once("close", (code, signal) => {
      const events = cgroup?.events() ?? { oomKilled: false, pidsLimitHit: false };
      void cgroup?.destroy();
      const exit = /"exit-code"\s*:\s*(-?\d+)/.exec(status);
      if (!exit && !killedBy) {
        done({ started: false, reason: out.stderr.trim() || `the sandbox ended with ${code ?? signal}` });
        return;
      }
      const exitStatus = exit ? Number(exit[1]) : null;
      const bySignal = exitStatus !== null && exitStatus > 128 && exitStatus < 128 + 65;
      const signalNumber = bySignal ? exitStatus - 128 : killedBy ? SIGKILL : null;
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      done({
        started: true,
        result: {
          stdout: out.stdout,
          stderr: out.stderr,
          exitCode: bySignal || (killedBy && !exit) ? null : exitStatus,
          signal: signalNumber !== null ? (signalNames.get(signalNumber) ?? null) : null,
          durationMs,
          limit: limitOf(killedBy, events, signalNumber, durationMs, spec.cpuSeconds),
          truncated,
        },
      });
    });
  });

  // Go: the limits, then bwrap's arguments; the program file; the input (end-of-file if none).
  (pipeAt(child, FD.control) as NodeJS.WritableStream | null)?.end(spec.control);
  (pipeAt(child, FD.data) as NodeJS.WritableStream | null)?.end(spec.data ?? "");
  child.stdin?.end(spec.stdin ?? "");

  const timer = setTimeout(() => kill("time"), spec.timeoutMs);
  const poll = cgroup
    ? setInterval(() => {
        const events = cgroup.events();
        if (events.pidsLimitHit) kill("processes");
        else if (events.oomKilled) kill("memory");
      }, EVENTS_POLL_MS)
    : undefined;
  const onAbort = () => kill("cancelled");
  if (spec.signal?.aborted) onAbort();
  spec.signal?.addEventListener("abort", onAbort, { once: true });
  return finished;
}
