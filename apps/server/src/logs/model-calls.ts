import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import type { RecordModelCall } from "../llm/call-log";
import { recordExecution } from "./service";

/** Every model call of the product as one `llm_interaction` entry of the execution log. */
export function modelCallRecorder(deps: { db: Db; bus: EventBus }): RecordModelCall {
  return async (call) => {
    await recordExecution(deps, {
      userId: call.userId,
      sessionId: call.origin.sessionId ?? null,
      type: "llm_interaction",
      command: call.prompt,
      result: call.result,
      status: call.status === "success" ? "success" : call.status === "cancelled" ? "warning" : "error",
      metadata: {
        feature: call.origin.feature,
        provider: call.provider,
        model: call.model,
        executionTime: call.durationMs,
        promptTokens: call.usage.promptTokens,
        completionTokens: call.usage.completionTokens,
        tokenCount: call.usage.completionTokens,
        finishReason: call.finishReason,
        toolCalls: call.toolCalls,
        ...(call.status === "cancelled" ? { stopped: true } : {}),
        ...(call.errorCode ? { errorCode: call.errorCode } : {}),
      },
    });
  };
}
