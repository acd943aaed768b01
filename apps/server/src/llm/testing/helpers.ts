import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { SecretBox } from "../../platform/secret-box";
import { loadOrCreateSecret } from "../../secrets";
import { accessReader } from "../../settings/service";
import type { ReadAccess } from "../access";
import type { ProviderTestServer } from "./provider-server";

/** People's provider settings read as the app reads them, with the secret of `env`'s data directory. */
export function testAccess(env: Env, db: Db): ReadAccess {
  return accessReader(db, new SecretBox(loadOrCreateSecret(env.DATA_DIR, "secret-key", env.SECRET_KEY)));
}

export const SERVER_KEYS = {
  OPENAI_API_KEY: "sk-server-openai-0123456789abcdef",
  ANTHROPIC_API_KEY: "sk-ant-server-0123456789abcdef",
  HF_TOKEN: "hf_server0123456789abcdefghij",
};

/** Environment pointing every provider at the test server, with server-wide keys. */
export function providerEnv(
  server: ProviderTestServer,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...SERVER_KEYS,
    OPENAI_BASE_URL: server.base("openai"),
    ANTHROPIC_BASE_URL: server.base("anthropic"),
    HF_BASE_URL: server.base("huggingface"),
    OLLAMA_BASE_URL: server.base("ollama"),
    LLM_ENDPOINT_ALLOWLIST: server.hostPort,
    LLM_TIMEOUT_MS: "1500",
    LLM_LOCAL_THREADS: "1",
    ...extra,
  };
}

export interface ParsedStream {
  contents: string[];
  errors: { code: string; message: string; retryAfter?: number }[];
  /** AI actions' checked results. */
  results: Record<string, unknown>[];
  done: boolean;
  /** Lines that are not `data: ` lines or empty. */
  other: string[];
}

/** Reads an event-stream body the way the browser client does. */
export function parseSse(body: string): ParsedStream {
  const out: ParsedStream = { contents: [], errors: [], results: [], done: false, other: [] };
  for (const line of body.split("\n")) {
    if (!line) continue;
    if (!line.startsWith("data: ")) {
      out.other.push(line);
      continue;
    }
    const data = line.slice(6);
    if (data === "[DONE]") {
      out.done = true;
      continue;
    }
    const parsed = JSON.parse(data);
    if (parsed.error) out.errors.push(parsed.error);
    else if (parsed.result) out.results.push(parsed.result);
    else out.contents.push(parsed.content);
  }
  return out;
}
