import { SYMBOLS_MAX, type SymbolImage, symbolsApi } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { call } from "../api";

/** The AAC board's symbols (Fluent Emoji Flat), served by the server: the set is too big to ship. */
async function fetchSymbols(query: { q: string } | { names: string }): Promise<SymbolImage[]> {
  return (await call(symbolsApi.list, { query })).symbols;
}

/** The named symbols, by name (asked 40 at a time); a name the set lacks is left out. */
export function useSymbols(names: string[]) {
  const sorted = [...new Set(names)].sort();
  return useQuery({
    queryKey: [symbolsApi.list.path, "names", sorted.join(",")],
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
    queryKey: [symbolsApi.list.path, "search", q],
    enabled: q.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => fetchSymbols({ q }),
  });
}
