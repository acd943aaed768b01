// Two server nodes on one PostgreSQL under load (issue 19; run: npm run bench:cluster).
//  - Two server processes (apps/server/src/main.ts) on a scratch database (dropped at the end) and
//    one data directory; the provider test server (OpenAI wire format) in this process.
//  - BENCH_SESSIONS people (500), half at home on each node: a live socket there and a chat
//    session. Each sends as another tab would (a socket of its own, closed once the frame is
//    taken: the work goes on on the node that took it), asks for a reply of BENCH_TOKENS tokens (200)
//    streamed at BENCH_TOKENS_PER_SECOND (20), reads it for about BENCH_READ_SECONDS (20, 10-30),
//    asks again: about 3,300 tokens/s in all, what two nodes, the database and this process take
//    on a 2-core machine without running out of CPU (BENCH_READ_SECONDS=0: 10,000/s, saturated).
//    BENCH_JOBS_PER_SECOND small jobs (python / bash, 2 a second) run in the sandbox meanwhile,
//    for one person after another.
//  - Reference phase, BENCH_SECONDS (60): one node alone (B not started yet) carries everyone: live
//    sockets and sends on A. Then B starts, half the people move their live socket to B, and the
//    same load runs for the same time with each person sending through the OTHER node: every
//    frame the live socket gets crosses PostgreSQL LISTEN/NOTIFY.
//  - Per token frame: latency = arrival at the live socket - when the provider test server wrote
//    the token (one clock: this process); lost and reordered tokens from each token's place.
// Prints frames sent and received, lost and reordered tokens (target 0), p50/p99 of that latency
// in both phases and what crossing nodes adds, jobs, CPU and memory per node.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ProviderTestServer } from "../apps/server/src/llm/testing/provider-server.ts";
import { BenchUser, inBatches, newTally, replyOfRequest, scriptedReply, sleep } from "./cluster-clients.mjs";
import { scratchDatabase, startNode, UsageSampler } from "./cluster-nodes.mjs";
import { printReport } from "./cluster-report.mjs";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 200);
const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 20);
const JOBS_PER_SECOND = Number(process.env.BENCH_JOBS_PER_SECOND ?? 2);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 20);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const REPLY_MS = (TOKENS / TOKENS_PER_SECOND) * 1000;
const READ_MS = READ_SECONDS * 1000;
let jobCount = 0;

/** Each streamed token's latency (arrival - written), and the tokens written but never received. */
function tokenLatencies(provider, users) {
  const latencies = [];
  let sent = 0;
  let lost = 0;
  let unmatched = 0;
  for (const request of provider.calls) {
    const who = replyOfRequest(request);
    const state = who ? users[who.user]?.replies.get(who.reply) : undefined;
    if (!state || !request.emitted) {
      unmatched += 1;
      continue;
    }
    request.emitted.forEach((writtenAt, seq) => {
      sent += 1;
      const arrivedAt = state.arrivals[seq];
      if (arrivedAt === undefined) lost += 1;
      else latencies.push(arrivedAt - writtenAt);
    });
  }
  return { sent, lost, unmatched, sorted: Float64Array.from(latencies).sort() };
}

/** One phase: every person asks, reads and asks again for SECONDS, jobs meanwhile; then the replies finish. */
async function runPhase(name, { users, provider, database }, nodes, sendNodeOf) {
  for (const user of users) user.sendThrough(sendNodeOf(user));
  provider.reset();
  const tally = newTally();
  for (const user of users) user.count(tally);
  const sampler = new UsageSampler([...nodes, { name: "bench", pid: process.pid }], database.backends);
  const deadline = performance.now() + SECONDS * 1000;
  const usage = sleep(SECONDS * 1000).then(() => sampler.stop());
  const conversations = users.map(async (user, k) => {
    await sleep((k / users.length) * (REPLY_MS + READ_MS)); // spread over one reply and its reading
    while (performance.now() < deadline) {
      provider.script(scriptedReply(TOKENS, TOKENS_PER_SECOND));
      await user.ask();
      await sleep(READ_MS * (0.5 + Math.random())); // the person reads
    }
  });
  // Jobs go from one person to the next, on from where the previous phase stopped.
  const jobs = setInterval(() => {
    if (performance.now() < deadline) void users[jobCount % users.length].runJob(name, jobCount++);
  }, 1000 / JOBS_PER_SECOND);
  await Promise.all(conversations);
  clearInterval(jobs);
  await sleep(2000); // the last jobs' results, and any late frame
  return { tally, usage: await usage, tokens: tokenLatencies(provider, users) };
}

/** A first short reply for each of `people`, through their home node, before anything is measured. */
async function warmUp(people, provider) {
  const tally = newTally();
  for (const user of people) {
    user.count(tally);
    user.sendThrough(user.home);
  }
  await inBatches(people, 50, async (user) => {
    provider.script(scriptedReply(5, 100));
    await user.ask();
  });
}

const database = await scratchDatabase(ADMIN_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-bench-cluster-"));
const provider = await ProviderTestServer.start();
const nodes = [];
const users = [];
try {
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    LOGIN_LIMIT_PER_MINUTE: "100000",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SECRET_KEY: randomBytes(32).toString("hex"),
    OPENAI_API_KEY: "sk-bench-0123456789",
    OPENAI_BASE_URL: provider.base("openai"),
    // 500 people's workspaces as plain folders: loop-mounted volumes would need 500 loop devices.
    WORKSPACE_VOLUMES: "off",
  };
  // Node A alone first (it migrates the database); B joins after the single-node reference.
  nodes.push(await startNode("A", env));
  const setupStarted = performance.now();
  for (let i = 0; i < SESSIONS; i++) users.push(new BenchUser(i, nodes[0]));
  await inBatches(users, 6, (user) => user.signUp());
  await warmUp(users, provider); // titles the sessions, warms node A
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const context = { users, provider, database };
  const reference = await runPhase("one", context, [nodes[0]], (user) => user.home);
  // Node B joins; half the people are at home there now, and it is warmed as A was.
  nodes.push(await startNode("B", env));
  const movers = users.filter((_, i) => i % 2 === 1);
  await inBatches(movers, 6, (user) => user.moveHome(nodes[1]));
  await warmUp(movers, provider);
  const crossing = await runPhase("two", context, nodes, (user) => nodes[(nodes.indexOf(user.home) + 1) % 2]);
  printReport({
    settings: { SESSIONS, SECONDS, TOKENS, TOKENS_PER_SECOND, READ_SECONDS, JOBS_PER_SECOND, setupSeconds },
    reference,
    crossing,
    nodes,
  });
} finally {
  for (const user of users) user.live?.terminate();
  await Promise.all(nodes.map((node) => node.stop()));
  await provider.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
