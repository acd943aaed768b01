import { beforeEach, describe, expect, it } from "vitest";
import { claimDevice, releaseDevice } from "./device-owner";

/** The Web Storage interface over a Map (the unit tests run without a browser; e2e/shared-browser.spec.ts runs in one). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  snapshot() {
    return Object.fromEntries(this.items);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.assign(globalThis, { localStorage: storage });
});

const notes = (dirty: boolean, content: string) => {
  storage.setItem("notepad-title", "Diary");
  storage.setItem("notepad-content", content);
  storage.setItem(
    "neuroos-document-notes",
    JSON.stringify({
      id: "d1",
      version: 3,
      dirty,
      keys: { title: "notepad-title", content: "notepad-content" },
    }),
  );
  storage.setItem("neuroos-documents-notes", JSON.stringify([{ id: "d1", title: "Diary" }]));
};

describe("a browser's local copies belong to one person", () => {
  it("sign-out clears them; unsynced edits wait in the person's stash and come back at their next sign-in", () => {
    claimDevice("ann");
    notes(true, "written offline");
    storage.setItem("neuroos-accessibility", '{"highContrast":true}');
    storage.setItem("neuroos-ide-panes", "[20,80]");
    releaseDevice();
    expect(Object.keys(storage.snapshot()).sort()).toEqual(["neuroos-owner", "neuroos-stash:ann"]);

    claimDevice("ben");
    expect(storage.getItem("notepad-content")).toBeNull();
    expect(storage.getItem("neuroos-accessibility")).toBeNull();
    storage.setItem("notepad-content", "Ben's");
    releaseDevice();

    claimDevice("ann");
    expect(storage.getItem("notepad-content")).toBe("written offline");
    expect(JSON.parse(storage.getItem("neuroos-document-notes") ?? "{}")).toMatchObject({
      id: "d1",
      dirty: true,
    });
    // What had reached the server is not kept on the device: the account has it.
    expect(storage.getItem("neuroos-accessibility")).toBeNull();
    expect(storage.getItem("neuroos-stash:ann")).toBeNull();
  });

  it("synced copies are not kept at all; unsaved settings are", () => {
    claimDevice("ann");
    notes(false, "synced");
    storage.setItem("neuroos-accessibility", '{"fontSize":20}');
    storage.setItem("neuroos-accessibility-unsaved", "1");
    releaseDevice();
    expect(JSON.parse(storage.getItem("neuroos-stash:ann") ?? "{}")).toEqual({
      "neuroos-accessibility": '{"fontSize":20}',
      "neuroos-accessibility-unsaved": "1",
    });
  });

  it("a session that ended without signing out: the next person still gets none of it", () => {
    claimDevice("ann");
    notes(true, "Ann's");
    storage.setItem("neuroos-accessibility", '{"highContrast":true}');
    claimDevice("ben");
    expect(storage.getItem("notepad-content")).toBeNull();
    expect(storage.getItem("neuroos-accessibility")).toBeNull();
    claimDevice("ann");
    expect(storage.getItem("notepad-content")).toBe("Ann's");
  });

  it("what is chosen on a signed-out page goes to whoever signs in; a late write of the last person stays theirs", () => {
    claimDevice("ann");
    releaseDevice();
    storage.setItem("neuroos-accessibility", '{"largeText":true}'); // on the sign-in page
    notes(true, "Ann's last save, failed after sign-out");
    claimDevice("ben");
    expect(storage.getItem("neuroos-accessibility")).toBe('{"largeText":true}');
    expect(storage.getItem("notepad-content")).toBeNull();
    releaseDevice();
    claimDevice("ann");
    expect(storage.getItem("notepad-content")).toBe("Ann's last save, failed after sign-out");
  });

  it("copies without an owner (an older version's) go to the first person who signs in", () => {
    notes(true, "from before");
    claimDevice("ann");
    expect(storage.getItem("notepad-content")).toBe("from before");
  });
});

describe("signing out forgets the tab's keys", () => {
  it("a terminal's id to reattach to leaves the tab with its person", () => {
    const tab = new MemoryStorage();
    Object.assign(globalThis, { sessionStorage: tab });
    claimDevice("ann");
    tab.setItem("neuroos-ide-terminal-id", "t-ann");
    tab.setItem("other-site-key", "kept");
    releaseDevice();
    expect(tab.snapshot()).toEqual({ "other-site-key": "kept" });
  });
});
