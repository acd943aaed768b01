import { useCallback, useEffect, useRef, useState } from "react";
import { recordingUrl } from "@/lib/resources/audio";

export interface PlayerState {
  /** The recording playing (or paused in), or null. */
  name: string | null;
  playing: boolean;
  positionMs: number;
  error: string | null;
}

const idle: PlayerState = { name: null, playing: false, positionMs: 0, error: null };

/** Plays recordings one at a time through one audio element; the position follows the real playback. */
export function usePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<PlayerState>(idle);

  const element = useCallback((): HTMLAudioElement => {
    if (audio.current) return audio.current;
    const el = new Audio();
    el.preload = "auto";
    el.addEventListener("timeupdate", () =>
      setState((s) => ({ ...s, positionMs: Math.round(el.currentTime * 1000) })),
    );
    el.addEventListener("playing", () => setState((s) => ({ ...s, playing: true, error: null })));
    el.addEventListener("pause", () => setState((s) => ({ ...s, playing: false })));
    el.addEventListener("ended", () => setState((s) => ({ ...s, playing: false, positionMs: 0 })));
    el.addEventListener("error", () =>
      setState((s) => ({ ...s, playing: false, error: "This recording could not be played." })),
    );
    audio.current = el;
    return el;
  }, []);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current?.removeAttribute("src");
    },
    [],
  );

  const toggle = useCallback(
    (name: string) => {
      const el = element();
      if (state.name === name && state.playing) return el.pause();
      if (state.name !== name) {
        el.src = recordingUrl(name);
        setState({ ...idle, name });
      }
      el.play().catch((err: unknown) => {
        if (err instanceof DOMException && err.name === "AbortError") return;
        setState((s) => ({ ...s, playing: false, error: "This recording could not be played." }));
      });
    },
    [element, state.name, state.playing],
  );

  /** Forgets a recording that is gone (deleted). */
  const release = useCallback(
    (name: string) => {
      if (!audio.current || state.name !== name) return;
      audio.current.pause();
      audio.current.removeAttribute("src");
      setState(idle);
    },
    [state.name],
  );

  return { state, toggle, release };
}
