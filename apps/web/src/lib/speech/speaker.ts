import { audioContext } from "../accessibility/sound";
import { fetchServerSpeech } from "../resources/speech";
import { splitForSpeech } from "./speech-text";

/** Who speaks: the browser's own voice, or the server's (espeak-ng) when the browser has none. */
export type VoiceSource = "browser" | "server";

export const VOICE_LINES: Record<VoiceSource, string> = {
  browser: "Speaking with your browser's voice",
  server: "Speaking with the NeuroOS server voice",
};

/** As the Web Speech API's: rate and pitch 1 are normal; `voice` is a browser voice's voiceURI. */
export interface VoiceSettings {
  rate: number;
  pitch: number;
  voice?: string | null;
}

/** A text being spoken, piece by piece. */
export interface Speaking {
  /** Resolves when the sound starts (with the length of the server audio's first piece, decoded); rejects if it cannot. */
  started: Promise<{ seconds: number | null }>;
  /** Resolves when the last piece ended or speaking was stopped. */
  finished: Promise<void>;
  stop: () => void;
}

const aborted = () => new DOMException("Speaking was stopped", "AbortError");

/** Speaks with `speechSynthesis` (the browser's voices): the pieces are queued at once. */
export function speakWithBrowser(text: string, settings: VoiceSettings): Speaking {
  const synth = window.speechSynthesis;
  const voice = settings.voice ? synth.getVoices().find((v) => v.voiceURI === settings.voice) : undefined;
  const pieces = splitForSpeech(text);
  const finished = new Promise<void>((resolve) => {
    if (pieces.length === 0) return resolve();
    pieces.forEach((piece, index) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.rate = settings.rate;
      utterance.pitch = settings.pitch;
      if (voice) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      if (index === pieces.length - 1) {
        utterance.onend = () => resolve();
        utterance.onerror = () => resolve();
      }
      synth.speak(utterance);
    });
  });
  return { started: Promise.resolve({ seconds: null }), finished, stop: () => synth.cancel() };
}

/**
 * Speaks with the server's voice (POST /api/speech, WAV) through the page's audio context:
 * each piece is fetched while the one before plays. Start it within the person's gesture (the
 * context is made or resumed there, as browsers ask before playing sound).
 */
export function speakWithServer(text: string, settings: VoiceSettings): Speaking {
  const context = audioContext();
  const controller = new AbortController();
  let player: AudioBufferSourceNode | null = null;
  let onStarted: (value: { seconds: number | null }) => void = () => {};
  let onFailed: (reason: unknown) => void = () => {};
  const started = new Promise<{ seconds: number | null }>((resolve, reject) => {
    onStarted = resolve;
    onFailed = reject;
  });
  const fetchPiece = (piece: string) => {
    const audio = fetchServerSpeech(
      { text: piece, rate: settings.rate, pitch: settings.pitch },
      controller.signal,
    ).then((wav) => context.decodeAudioData(wav));
    audio.catch(() => {}); // awaited below; a piece fetched ahead may fail after a stop
    return audio;
  };
  const play = async () => {
    const pieces = splitForSpeech(text);
    let next = pieces[0] === undefined ? null : fetchPiece(pieces[0]);
    for (let i = 0; next; i++) {
      const audio = await next;
      const following = pieces[i + 1];
      next = following === undefined ? null : fetchPiece(following);
      if (controller.signal.aborted) throw aborted();
      const source = context.createBufferSource();
      source.buffer = audio;
      source.connect(context.destination);
      const ended = new Promise((resolve) => {
        source.onended = resolve;
      });
      player = source;
      source.start();
      if (i === 0) onStarted({ seconds: audio.duration });
      await ended;
    }
    onStarted({ seconds: null });
  };
  const finished = play().catch((error: unknown) => {
    onFailed(controller.signal.aborted ? aborted() : error);
  });
  started.catch(() => {});
  return {
    started,
    finished,
    stop: () => {
      controller.abort();
      player?.stop();
    },
  };
}
