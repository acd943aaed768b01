import {
  type ChatHistoryItem,
  getLlama,
  type Llama,
  LlamaChatSession,
  LlamaLogLevel,
  type LlamaModel,
  readGgufFileInfo,
} from "node-llama-cpp";

export interface LocalRuntimeOptions {
  modelsDir: string;
  /** llama.cpp threads; always explicit (its default oversubscribes small machines). */
  threads: number;
  /** Upper bound of a request's context (the model's own is used when smaller). */
  contextSize?: number;
  /** A loaded model is unloaded after this long without requests. */
  idleMs?: number;
  onLog?: (message: string) => void;
}

export interface LocalMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface LocalRequest {
  modelPath: string;
  messages: LocalMessage[];
  maxTokens: number;
  temperature: number;
  signal?: AbortSignal;
  onText?: (text: string) => void;
}

export interface LocalResult {
  text: string;
  stopReason:
    | "abort"
    | "maxTokens"
    | "eogToken"
    | "stopGenerationTrigger"
    | "functionCalls"
    | "customStopTrigger";
  inputTokens: number;
  outputTokens: number;
}

/**
 * In-process llama.cpp (node-llama-cpp) on the CPU: one model loaded at a time, one
 * generation at a time (a second request waits its turn), a fresh context per request.
 */
export class LocalRuntime {
  private llamaPromise: Promise<Llama> | null = null;
  private loaded: { path: string; model: Promise<LlamaModel> } | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(readonly options: LocalRuntimeOptions) {}

  get threads(): number {
    return this.options.threads;
  }

  private llama(): Promise<Llama> {
    this.llamaPromise ??= getLlama({
      gpu: false,
      build: "never",
      progressLogs: false,
      maxThreads: this.options.threads,
      logLevel: LlamaLogLevel.error,
      logger: (_level, message) => this.options.onLog?.(message),
    }).catch((err: unknown) => {
      this.llamaPromise = null;
      throw err;
    });
    return this.llamaPromise;
  }

  /** Whether `modelPath` is a GGUF file llama.cpp can read (cheap: header only). */
  async inspect(modelPath: string): Promise<{ architecture: string; contextLength: number | null }> {
    await this.llama();
    const info = await readGgufFileInfo(modelPath, { readTensorInfo: false });
    const meta = info.metadata as unknown as { general?: { architecture?: string } };
    const arch = meta.general?.architecture ?? "unknown";
    const archMeta = (info.metadata as unknown as Record<string, { context_length?: number }>)[arch];
    return { architecture: arch, contextLength: archMeta?.context_length ?? null };
  }

  private async model(modelPath: string): Promise<LlamaModel> {
    if (this.loaded?.path !== modelPath) {
      await this.unload();
      const llama = await this.llama();
      const model = llama.loadModel({ modelPath, gpuLayers: 0 });
      this.loaded = { path: modelPath, model };
      model.catch(() => {
        if (this.loaded?.model === model) this.loaded = null;
      });
    }
    return (this.loaded as { model: Promise<LlamaModel> }).model;
  }

  /** Waits for the previous generation; resolves with the function that hands the turn on. */
  private async takeTurn(signal?: AbortSignal): Promise<() => void> {
    let release = () => {};
    const previous = this.turn;
    this.turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        previous.then(release);
        reject(signal?.reason ?? new Error("aborted"));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      previous.then(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      });
    });
    return release;
  }

  async generate(request: LocalRequest): Promise<LocalResult> {
    if (this.closed) throw new Error("The local model runtime is shut down");
    const release = await this.takeTurn(request.signal);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    try {
      const model = await this.model(request.modelPath);
      const contextSize = Math.min(this.options.contextSize ?? 4096, model.trainContextSize);
      const context = await model.createContext({ contextSize, threads: this.options.threads });
      try {
        const sequence = context.getSequence();
        const session = new LlamaChatSession({ contextSequence: sequence });
        const { history, prompt } = toHistory(request.messages);
        session.setChatHistory(history);
        const meta = await session.promptWithMeta(prompt, {
          maxTokens: request.maxTokens,
          temperature: request.temperature,
          signal: request.signal,
          stopOnAbortSignal: true,
          onTextChunk: request.onText,
        });
        const used = sequence.tokenMeter.getState();
        return {
          text: meta.responseText,
          stopReason: meta.stopReason,
          inputTokens: used.usedInputTokens,
          outputTokens: used.usedOutputTokens,
        };
      } finally {
        await context.dispose();
      }
    } finally {
      release();
      this.scheduleUnload();
    }
  }

  private scheduleUnload(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.unload(), this.options.idleMs ?? 10 * 60_000);
    this.idleTimer.unref();
  }

  /** Whether a model is in memory now. */
  get loadedModelPath(): string | null {
    return this.loaded?.path ?? null;
  }

  async unload(): Promise<void> {
    const current = this.loaded;
    this.loaded = null;
    if (current) await (await current.model.catch(() => null))?.dispose();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.turn;
    await this.unload();
    const llama = await this.llamaPromise?.catch(() => null);
    this.llamaPromise = null;
    await llama?.dispose();
  }
}

/** The conversation before the last user message, and that message. */
function toHistory(messages: LocalMessage[]): { history: ChatHistoryItem[]; prompt: string } {
  const last = messages.at(-1);
  if (last?.role !== "user") throw new Error("The last message must be the user's");
  const history: ChatHistoryItem[] = messages.slice(0, -1).map((m) => {
    if (m.role === "system") return { type: "system", text: m.content };
    if (m.role === "user") return { type: "user", text: m.content };
    return { type: "model", response: [m.content] };
  });
  return { history, prompt: last.content };
}
