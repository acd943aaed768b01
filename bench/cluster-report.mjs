// The table bench/cluster.mjs prints: both phases side by side, then what crossing nodes adds.
import os from "node:os";

const pct = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const int = (x) => Math.round(x).toLocaleString("en-US");
const ms = (x) => `${x.toFixed(1)} ms`;
const sum = (record) => Object.values(record).reduce((a, b) => a + b, 0);

function rows({ tally, usage, tokens }, nodes) {
  const jobs = tally.jobs;
  const jobTimes = Float64Array.from(jobs.times).sort();
  const frames = tally.liveFrames;
  const jobFrames = Object.entries(frames)
    .filter(([type]) => type.startsWith("execution_"))
    .reduce((n, [, count]) => n + count, 0);
  const otherFrames = sum(frames) - (frames.chat_token ?? 0) - (frames.chat_message ?? 0) - jobFrames;
  const out = [
    [
      "frames sent by the browsers",
      `${int(sum(tally.framesSent))} (chat ${int(tally.framesSent.chat_message)}, jobs ${int(tally.framesSent.code_execution)})`,
    ],
    ["tokens sent by the provider", int(tokens.sent)],
    ["frames received, live sockets", int(sum(frames))],
    ["  chat_token / chat_message", `${int(frames.chat_token ?? 0)} / ${int(frames.chat_message ?? 0)}`],
    ["  execution_* / the others", `${int(jobFrames)} / ${int(otherFrames)}`],
    ["frames received, sending sockets (short)", int(tally.senderFrames)],
    [
      "replies finished / failed / stalled",
      `${int(tally.repliesDone)} / ${tally.repliesFailed} / ${tally.repliesStalled}`,
    ],
    ["lost tokens (target 0)", int(tokens.lost)],
    ["reordered tokens (target 0)", int(tally.reordered)],
    ["duplicated tokens", int(tally.duplicates)],
    ["latency per token frame, p50", ms(pct(tokens.sorted, 50))],
    ["latency per token frame, p99", ms(pct(tokens.sorted, 99))],
    [
      "jobs sent / succeeded / failed / refused",
      `${jobs.sent} / ${jobs.succeeded} / ${jobs.failed} / ${jobs.refused}`,
    ],
    ["job, request to result, p50 / p99", `${ms(pct(jobTimes, 50))} / ${ms(pct(jobTimes, 99))}`],
  ];
  for (const node of nodes) {
    const u = usage.byName[node.name];
    if (!u) {
      out.push([`node ${node.name} CPU (% of one core)`, "not running"]);
      out.push([`node ${node.name} memory (RSS), mean / peak`, "not running"]);
      continue;
    }
    out.push([`node ${node.name} CPU (% of one core)`, `${u.cpu.toFixed(0)}%`]);
    out.push([`node ${node.name} memory (RSS), mean / peak`, `${int(u.rssMean)} / ${int(u.rssPeak)} MB`]);
  }
  out.push([`PostgreSQL (${usage.backendCount} backends) CPU`, `${usage.backendsCpu.toFixed(0)}%`]);
  const bench = usage.byName.bench;
  out.push([
    "this process (clients, provider) CPU",
    `${bench.cpu.toFixed(0)}%, ${int(bench.rssPeak)} MB peak`,
  ]);
  out.push([`machine CPU (all ${os.cpus().length} cores, jobs included)`, `${usage.machineCpu.toFixed(0)}%`]);
  return out;
}

/** Warnings and errors of a node's log (pino JSON lines), counted by message. */
function logProblems(node) {
  const counts = new Map();
  for (const line of node.log().split("\n")) {
    if (!line.trim()) continue;
    let message = line.slice(0, 160);
    try {
      const entry = JSON.parse(line);
      if (entry.level < 40) continue;
      message = entry.msg ?? message;
    } catch {}
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts].map(([message, n]) => `${n} × ${message}`);
}

export function printReport({ settings, reference, crossing, nodes }) {
  const s = settings;
  console.log(
    `cluster: ${s.SESSIONS} sessions on ${nodes.length} nodes (one PostgreSQL), ${s.SECONDS} s a phase; ` +
      `replies of ${s.TOKENS} tokens at ${s.TOKENS_PER_SECOND}/s, read for ~${s.READ_SECONDS} s ` +
      `(~${int((s.SESSIONS * s.TOKENS) / (s.TOKENS / s.TOKENS_PER_SECOND + s.READ_SECONDS))} tokens/s in all); ` +
      `${s.JOBS_PER_SECOND} jobs/s; set-up ${s.setupSeconds.toFixed(0)} s`,
  );
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const left = rows(reference, nodes);
  const right = rows(crossing, nodes);
  const width = Math.max(...left.map(([label]) => label.length)) + 2;
  const column = Math.max(28, ...left.map(([, value]) => value.length + 2));
  console.log(`${"".padEnd(width)}${"one node (reference)".padEnd(column)}two nodes (frames cross)`);
  left.forEach(([label, value], i) => {
    console.log(`${label.padEnd(width)}${value.padEnd(column)}${right[i][1]}`);
  });
  const [r50, r99] = [pct(reference.tokens.sorted, 50), pct(reference.tokens.sorted, 99)];
  const [c50, c99] = [pct(crossing.tokens.sorted, 50), pct(crossing.tokens.sorted, 99)];
  console.log(
    `added by crossing nodes (LISTEN/NOTIFY), per token frame: p50 ${ms(c50 - r50)} (ratio ${(c50 / r50).toFixed(2)}), ` +
      `p99 ${ms(c99 - r99)} (ratio ${(c99 / r99).toFixed(2)})`,
  );
  const unmatched = reference.tokens.unmatched + crossing.tokens.unmatched;
  if (unmatched > 0) console.log(`model calls that were not a person's reply: ${unmatched}`);
  for (const [name, phase] of [
    ["one node", reference],
    ["two nodes", crossing],
  ]) {
    const errors = [...new Set(phase.tally.errors)];
    if (errors.length > 0)
      console.log(
        `errors seen (${name}): ${phase.tally.errors.length}, e.g. ${errors.slice(0, 3).join(" | ")}`,
      );
  }
  for (const node of nodes) {
    const problems = logProblems(node);
    if (problems.length > 0) console.log(`node ${node.name} log: ${problems.slice(0, 5).join("; ")}`);
  }
}
