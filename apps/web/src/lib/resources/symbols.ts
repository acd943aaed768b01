import { SYMBOLS_MAX, type SymbolImage, symbolsResponseSchema } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api";

/** The AAC board's symbols (Fluent Emoji Flat), served by the server: the set is too big to ship. */
const symbolsUrl = (query: Record<string, string>) => `/api/symbols?${new URLSearchParams(query)}`;

async function fetchSymbols(query: Record<string, string>): Promise<SymbolImage[]> {
  return symbolsResponseSchema.parse(await apiRequest("GET", symbolsUrl(query))).symbols;
}

/** The named symbols, by name (asked 40 at a time); a name the set lacks is left out. */
export function useSymbols(names: string[]) {
  const sorted = [...new Set(names)].sort();
  return useQuery({
    queryKey: ["/api/symbols", "names", sorted.join(",")],
    enabled: sorted.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Map<string, string>> => {
      const batches: string[][] = [];
      for (let i = 0; i < sorted.length; i += SYMBOLS_MAX) batches.push(sorted.slice(i, i + SYMBOLS_MAX));
      const answers = await Promise.all(batches.map((batch) => fetchSymbols({ names: batch.join(",") })));
      return new Map(answers.flat().map((s) => [s.name, s.svg]));
    },
    placeholderData: (previous) => previous,
  });
}

/** Up to 40 symbols whose names hold the query's words, best first. */
export function useSymbolSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ["/api/symbols", "search", q],
    enabled: q.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => fetchSymbols({ q }),
  });
}
