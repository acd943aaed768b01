import { type MarketplaceFilter, marketplaceCategories } from "@neuroos/contracts";
import { ArrowLeft, PackageSearch, Search, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api";
import { useCurrentUser } from "@/lib/current-user";
import { useMarketplace } from "@/lib/resources/marketplace";
import { ItemCard } from "./item-card";
import { ItemDialog } from "./item-dialog";
import { filterLabels } from "./labels";
import { PublishDialog } from "./publish-dialog";

const SEARCH_DELAY_MS = 250;
const isFilter = (value: string | null): value is MarketplaceFilter =>
  (marketplaceCategories as readonly string[]).includes(value ?? "");

/** /marketplace: the AI Marketplace, searched and filtered by the server; items install into the person's account. */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const category = isFilter(params.get("category")) ? (params.get("category") as MarketplaceFilter) : "all";
  const [search, setSearch] = useState(params.get("search") ?? "");
  const [debounced, setDebounced] = useState(search);
  const [openId, setOpenId] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const { data: user } = useCurrentUser();
  const items = useMarketplace({ search: debounced, category });
  const id = useId();
  // The dialogs are controlled (no Radix trigger): focus goes back to what opened them by hand.
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const refocus = () => requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced.trim()) next.set("search", debounced.trim());
        else next.delete("search");
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);
  const setCategory = (value: MarketplaceFilter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "all") next.delete("category");
        else next.set("category", value);
        return next;
      },
      { replace: true },
    );

  const list = items.data ?? [];
  const open = list.find((i) => i.id === openId) ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>AI Marketplace · NeuroOS</title>
      <TextLink to="/dashboard" className="inline-flex items-center gap-1 text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Dashboard
      </TextLink>
      <header className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">AI Marketplace</h1>
          <p className="max-w-2xl text-muted-foreground">
            Agents, prompt templates, tools, app shortcuts and models that install into your workspace.
          </p>
        </div>
        {user ? (
          <Button
            variant="outline"
            onClick={() => {
              remember();
              setPublishing(true);
            }}
          >
            <Upload aria-hidden="true" />
            Publish
          </Button>
        ) : null}
      </header>

      <search className="mt-8 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search the marketplace…"
              maxLength={200}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value as MarketplaceFilter)}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            {marketplaceCategories.map((c) => (
              <option key={c} value={c}>
                {filterLabels[c]}
              </option>
            ))}
          </select>
        </div>
      </search>

      <section aria-label="Marketplace items" aria-busy={items.isFetching} className="mt-6">
        <p role="status" className="sr-only">
          {items.isSuccess ? `${list.length} ${list.length === 1 ? "item" : "items"}` : ""}
        </p>
        {items.isPending ? (
          <Spinner label="Loading the marketplace…" />
        ) : items.isError ? (
          <p role="alert" className="text-sm text-danger-text">
            {errorMessage(items.error, "The marketplace could not be loaded. Try again in a moment.")}
          </p>
        ) : list.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border p-10 text-center">
            <PackageSearch className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold">No items found</p>
            <p className="text-sm text-muted-foreground">Try adjusting your search terms or filters</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                onOpen={() => {
                  remember();
                  setOpenId(item.id);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <ItemDialog
        item={open}
        onClose={() => {
          setOpenId(null);
          refocus();
        }}
      />
      {user ? (
        <PublishDialog
          open={publishing}
          onClose={() => {
            setPublishing(false);
            refocus();
          }}
        />
      ) : null}
    </div>
  );
}
