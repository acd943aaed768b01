import { fileContentSchema, fileEntrySchema } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const fetchJson = getQueryFn({ on401: "throw" });

/** Every entry of the user's workspace (GET /api/files lists /home/user recursively). */
export function useWorkspaceFiles() {
  return useQuery({
    queryKey: queryKeys.files,
    queryFn: async (context) => z.array(fileEntrySchema).parse(await fetchJson(context)),
  });
}

/** One file's content, for the read-only viewer. */
export function useFileContent(path: string | null) {
  return useQuery({
    queryKey: queryKeys.fileContent(path ?? ""),
    queryFn: async (context) => fileContentSchema.parse(await fetchJson(context)),
    enabled: path !== null,
    staleTime: 0,
  });
}
