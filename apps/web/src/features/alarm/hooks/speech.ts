// Spoken alarm notices through the Web Speech API, in the interface language; silently absent where unsupported.
export interface Speaker {
  speak(text: string, lang: string): void;
  /** Stops what is being said (muting mid-sentence). */
  cancel(): void;
}

export const browserSpeaker: Speaker = {
  speak(text, lang) {
    if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    if (typeof SpeechSynthesisUtterance === 'undefined') return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    window.speechSynthesis.speak(utterance);
  },
  cancel() {
    if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
  },
};
