// Users of bench/cluster.mjs: each signed in, with a chat session, a live socket on one node (where
// its frames are watched) and a socket it sends through (the same node, or the other one).
// Each token of a reply names its reply and its place ("<reply>.<seq> "), so lost and reordered
// tokens show; the provider test server notes when it wrote each one.
import WebSocket from "ws";

/** The marker in a user's message that tells the provider test server whose reply it streams. */
const MARKER = /bench u(\d+) r(\d+)/;
/** A reply not finished this long after its message is counted as stalled (and the user goes on). */
const REPLY_TIMEOUT_MS = 60_000;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The reply the provider test server streams for a request: `tokens` tokens "<reply>.<seq> ". */
export function scriptedReply(tokens, tokensPerSecond) {
  return {
    kind: "text",
    delayMs: 1000 / tokensPerSecond,
    chunks: (body) => {
      const last = [...(body.messages ?? [])].reverse().find((m) => m.role === "user");
      const marker = MARKER.exec(JSON.stringify(last?.content ?? ""));
      const reply = marker ? marker[2] : "x";
      return Array.from({ length: tokens }, (_, seq) => `${reply}.${seq} `);
    },
  };
}

/** Which user and reply a provider request streamed (from the marker in its last user message). */
export function replyOfRequest(request) {
  const last = [...(request.body?.messages ?? [])].reverse().find((m) => m.role === "user");
  const marker = MARKER.exec(JSON.stringify(last?.content ?? ""));
  return marker ? { user: Number(marker[1]), reply: Number(marker[2]) } : null;
}

async function post(url, body, cookie) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A socket on `node`'s live channel; `onData(at, data)` gets each frame as received (not parsed). */
export function openSocket(node, cookie, onData) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${node.url.replace("http", "ws")}/ws`, {
      headers: { cookie, origin: node.url },
      perMessageDeflate: false,
    });
    socket.on("message", (data) => onData(performance.now(), data));
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`/ws: HTTP ${res.statusCode}`)));
  });
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function inBatches(items, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The counts of one phase, for every user together. */
export function newTally() {
  return {
    liveFrames: {},
    senderFrames: 0,
    framesSent: { chat_message: 0, code_execution: 0 },
    repliesDone: 0,
    repliesFailed: 0,
    repliesStalled: 0,
    retried: 0,
    duplicates: 0,
    reordered: 0,
    jobs: { sent: 0, started: 0, succeeded: 0, failed: 0, refused: 0, times: [] },
    errors: [],
  };
}

/** One person: an account, a chat session, a live socket and a socket to send through. */
export class BenchUser {
  constructor(index, node) {
    this.index = index;
    this.home = node;
    this.replyCount = 0;
    this.replies = new Map();
    this.jobs = new Map();
    this.waiting = null;
    this.tally = null;
  }

  async signUp() {
    const account = {
      email: `bench${this.index}@example.com`,
      username: `bench${this.index}`,
      password: "bench password 1",
    };
    await post(`${this.home.url}/api/auth/signup`, account);
    const login = await post(`${this.home.url}/api/auth/login`, account);
    this.cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const session = await (
      await post(`${this.home.url}/api/sessions`, { title: "bench" }, this.cookie)
    ).json();
    this.sessionId = session.id;
    this.live = await openSocket(this.home, this.cookie, (at, data) => this.onLive(at, JSON.parse(data)));
  }

  /** Moves the live socket to `node` (a second node joined: half the people are at home there). */
  async moveHome(node) {
    this.live?.terminate();
    this.home = node;
    this.live = await openSocket(node, this.cookie, (at, data) => this.onLive(at, JSON.parse(data)));
  }

  /** Sends through `node` from now on. */
  sendThrough(node) {
    this.sendNode = node;
  }

  /** Starts counting into `tally` (a new phase). */
  count(tally) {
    this.tally = tally;
    this.replies = new Map();
  }

  /**
   * Sends `frame` the way a browser tab on the sending node would, on a socket of its own closed
   * once the node has taken the frame (its echo, which names `marker`): the work goes on on the
   * node, and its frames reach the live socket. Answers the node's error frame, if it refused.
   */
  async send(frame, marker) {
    let taken;
    const answered = new Promise((resolve) => {
      taken = resolve;
    });
    const onData = (_at, data) => {
      this.tally.senderFrames += 1;
      const text = data.toString();
      if (text.startsWith('{"type":"error"')) {
        const error = JSON.parse(text);
        if (error.requestId === frame.requestId) taken(error);
        else this.tally.errors.push(`${error.code}: ${error.message}`);
      } else if (text.includes(marker)) taken(null);
    };
    let socket;
    try {
      socket = await openSocket(this.sendNode, this.cookie, onData);
    } catch (err) {
      return { code: "no_socket", message: err.message };
    }
    socket.send(JSON.stringify(frame));
    this.tally.framesSent[frame.type] += 1;
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(
        () => resolve({ code: "timeout", message: "the frame was not taken in 30 s" }),
        30_000,
      );
    });
    const error = await Promise.race([answered, late]);
    clearTimeout(timer);
    socket.close();
    return error;
  }

  /**
   * Asks for one reply and waits until it is finished (the assistant's message on the live socket).
   * A message refused because the previous reply is still being stored is sent again a moment later.
   */
  async ask() {
    const reply = this.replyCount++;
    this.replies.set(reply, { arrivals: [], highest: -1, done: false });
    for (let attempt = 0; ; attempt++) {
      const finished = new Promise((resolve) => {
        this.waiting = { reply, resolve };
      });
      const content = `bench u${this.index} r${reply}`;
      const frame = { type: "chat_message", sessionId: this.sessionId, content, requestId: `r${reply}` };
      const error = await this.send(frame, `"content":"${content}"`);
      if (error?.code === "conflict" && attempt < 10) {
        this.tally.retried += 1;
        await sleep(100);
        continue;
      }
      if (error) this.tally.errors.push(`chat message refused: ${error.code}: ${error.message}`);
      else {
        let timer;
        const stalled = new Promise((resolve) => {
          timer = setTimeout(() => resolve("stalled"), REPLY_TIMEOUT_MS);
        });
        if ((await Promise.race([finished, stalled])) === "stalled") this.tally.repliesStalled += 1;
        clearTimeout(timer);
      }
      this.waiting = null;
      return;
    }
  }

  /** A small program (python or bash) run in the sandbox; its frames are counted on the live socket. */
  async runJob(phase, k) {
    const requestId = `${phase}-job${k}`;
    const [language, code] =
      k % 2 === 0 ? ["python", `print(sum(range(${k})))`] : ["bash", `echo $((${k} * 7))`];
    this.jobs.set(requestId, { sentAt: performance.now() });
    this.tally.jobs.sent += 1;
    const frame = { type: "code_execution", sessionId: this.sessionId, code, language, requestId };
    const error = await this.send(frame, `"requestId":"${requestId}"`);
    if (!error) return;
    this.tally.jobs.refused += 1;
    this.tally.errors.push(`job refused: ${error.code}: ${error.message}`);
  }

  onLive(at, frame) {
    const tally = this.tally;
    if (!tally) return;
    tally.liveFrames[frame.type] = (tally.liveFrames[frame.type] ?? 0) + 1;
    if (frame.type === "chat_token") return this.onToken(at, frame.content);
    if (frame.type === "chat_message" && frame.message.role === "assistant") {
      const reply = Number(/^(\d+)\./.exec(frame.message.content)?.[1] ?? this.waiting?.reply);
      const state = this.replies.get(reply);
      if (state) state.done = true;
      if (frame.message.metadata?.error) {
        tally.repliesFailed += 1;
        tally.errors.push(`reply failed: ${frame.message.metadata.error}`);
      } else tally.repliesDone += 1;
      if (this.waiting?.reply === reply) this.waiting.resolve("done");
      return;
    }
    if (frame.type === "execution_start" && frame.requestId) {
      const job = this.jobs.get(frame.requestId);
      if (job) {
        tally.jobs.started += 1;
        this.jobs.set(frame.executionId, job);
      }
    } else if (frame.type === "execution_result" || frame.type === "execution_error") {
      const job = this.jobs.get(frame.executionId);
      if (!job) return;
      const ok = frame.type === "execution_result" && frame.result.success;
      if (ok) tally.jobs.succeeded += 1;
      else {
        tally.jobs.failed += 1;
        tally.errors.push(`job failed: ${JSON.stringify(frame).slice(0, 200)}`);
      }
      tally.jobs.times.push(at - job.sentAt);
      this.jobs.delete(frame.executionId);
    }
  }

  /** Tokens "<reply>.<seq> ": when each arrived; one behind a later one of its reply is reordered. */
  onToken(at, content) {
    for (const token of content.split(" ")) {
      if (!token) continue;
      const [reply, seq] = token.split(".").map(Number);
      const state = this.replies.get(reply);
      if (!state) continue;
      if (state.arrivals[seq] !== undefined) this.tally.duplicates += 1;
      else state.arrivals[seq] = at;
      if (seq < state.highest || state.done) this.tally.reordered += 1;
      state.highest = Math.max(state.highest, seq);
    }
  }
}
