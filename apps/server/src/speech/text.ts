/**
 * espeak-ng reads more than words from plain text: `[[...]]` (and `[` before the control
 * character 0x02) as its phoneme codes, which its phoneme reader overruns on long input (a
 * segmentation fault), and the control character 0x01 as the start of an embedded command
 * (speed, pitch, voice, sound file). SSML it reads only with -m, which the server never passes.
 */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;

/**
 * The text as words only: square brackets become round ones (espeak-ng speaks both as a pause)
 * and control characters spaces (line breaks and tabs stay), so no other mode can be entered.
 */
export function plainSpeechText(text: string): string {
  return text.replaceAll("[", "(").replaceAll("]", ")").replace(CONTROLS, " ");
}
