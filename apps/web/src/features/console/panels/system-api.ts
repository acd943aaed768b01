import type { SystemModule } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { fetchTranscriptionAvailable } from "@/lib/resources/audio";
import { logsKeyOf, modulesKey, systemApi, systemStatsKey } from "@/lib/resources/system";
import { audioModule, browserVoiceCount, microphoneState } from "./audio-module";

/** Spec: the console reads the latest 20 execution logs, refreshed every 5 s. */
const CONSOLE_LOGS = 20;
export const LOGS_REFRESH_MS = 5_000;
export const STATS_REFRESH_MS = 5_000;
/** The server re-checks modules every 10 s at most; asking more often gains nothing. */
export const MODULES_REFRESH_MS = 15_000;

/** Audio I/O as it really is here: this browser's microphone and voices, the server's voice, the person's transcription. */
async function checkAudio(): Promise<SystemModule> {
  const [microphone, serverVoice, transcription] = await Promise.all([
    microphoneState(),
    systemApi.speechAvailable().catch(() => false),
    fetchTranscriptionAvailable().catch(() => false),
  ]);
  return audioModule({ microphone, voices: browserVoiceCount(), serverVoice, transcription }, new Date());
}

/** The server's modules (GET /api/modules) and Audio I/O, measured in this page. */
export function useModules() {
  return useQuery({
    queryKey: modulesKey,
    queryFn: async () => {
      const [modules, audio] = await Promise.all([systemApi.modules(), checkAudio()]);
      return [...modules, audio];
    },
    refetchInterval: MODULES_REFRESH_MS,
  });
}

export function useExecutionLogs() {
  return useQuery({
    queryKey: logsKeyOf(CONSOLE_LOGS),
    queryFn: () => systemApi.logs(CONSOLE_LOGS),
    refetchInterval: LOGS_REFRESH_MS,
  });
}

export function useSystemStats() {
  return useQuery({
    queryKey: systemStatsKey,
    queryFn: systemApi.stats,
    refetchInterval: STATS_REFRESH_MS,
  });
}

/** The name the header's CPU indicator watches (product spec section 2). */
export const LLM_CORE_MODULE = "LLM Core";
