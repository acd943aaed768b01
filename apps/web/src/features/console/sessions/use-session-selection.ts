import { DEFAULT_SESSION_TITLE } from "@neuroos/contracts";
import { useEffect, useRef, useState } from "react";
import { useCreateSession, useSessions } from "@/lib/resources/sessions";

/**
 * The session the console shows. Product spec: with no session a 'New Session' is created;
 * otherwise the first (newest) is selected. A deleted selection falls back to the first.
 */
export function useSessionSelection() {
  const sessions = useSessions();
  const { mutate: create, isError: failed, reset } = useCreateSession();
  const [chosen, setChosen] = useState<string | null>(null);
  const creating = useRef(false);
  const list = sessions.data;

  // One try per empty list: a failure is shown (with a retry) instead of being retried in a loop.
  useEffect(() => {
    if (!list || list.length > 0 || creating.current || failed) return;
    creating.current = true;
    create(DEFAULT_SESSION_TITLE, {
      onSuccess: (session) => setChosen(session.id),
      onSettled: () => {
        creating.current = false;
      },
    });
  }, [list, create, failed]);

  const selectedId = list?.some((s) => s.id === chosen) ? chosen : (list?.[0]?.id ?? null);
  return { sessions, selectedId, select: setChosen, createFailed: failed, retryCreate: reset };
}
