/**
 * A session's messages form a tree: each follows its parent, and the siblings of a message are
 * its versions (an edited message's texts, a regenerated reply's answers). The conversation
 * shown, and sent to the model, is one branch: the path from the first message to the head.
 */
export interface TreeMessage {
  id: string;
  parentId: string | null;
}

const ROOT = "";

/** Each message's children, oldest first (the messages come in the order they were stored). */
export function childrenOf<M extends TreeMessage>(messages: readonly M[]): Map<string, M[]> {
  const children = new Map<string, M[]>();
  for (const m of messages) {
    const key = m.parentId ?? ROOT;
    const list = children.get(key);
    if (list) list.push(m);
    else children.set(key, [m]);
  }
  return children;
}

/**
 * The branch ending at `headId` (first message first), each message with its versions when it
 * has more than one. Without a head (or one not among them) the newest message is the head.
 */
export function branchOf<M extends TreeMessage>(
  messages: readonly M[],
  headId: string | null,
): (M & { versions?: string[] })[] {
  if (messages.length === 0) return [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const children = childrenOf(messages);
  let at = (headId ? byId.get(headId) : undefined) ?? messages[messages.length - 1];
  const path: (M & { versions?: string[] })[] = [];
  const seen = new Set<string>();
  while (at && !seen.has(at.id)) {
    seen.add(at.id);
    const siblings = children.get(at.parentId ?? ROOT) ?? [];
    path.push(siblings.length > 1 ? { ...at, versions: siblings.map((s) => s.id) } : at);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return path.reverse();
}

/** The newest message at the end of the branch that goes through `fromId` (each step its newest child). */
export function newestLeaf<M extends TreeMessage>(messages: readonly M[], fromId: string): string {
  const children = childrenOf(messages);
  let id = fromId;
  for (let next = children.get(id)?.at(-1); next; next = children.get(id)?.at(-1)) id = next.id;
  return id;
}
