// The browser speaker: speaks in the given language where the Web Speech API exists, does nothing where it does not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSpeaker } from './speech';

class FakeUtterance {
  lang = '';
  constructor(readonly text: string) {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'speechSynthesis');
});

describe('browserSpeaker', () => {
  it('speaks the sentence in the interface language and cancels on demand', () => {
    const synth = { speak: vi.fn(), cancel: vi.fn() };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    browserSpeaker.speak('告警：Gate cam，移动侦测', 'zh-CN');
    expect(synth.speak).toHaveBeenCalledTimes(1);
    const utterance = synth.speak.mock.calls[0]![0] as FakeUtterance;
    expect(utterance.text).toBe('告警：Gate cam，移动侦测');
    expect(utterance.lang).toBe('zh-CN');
    browserSpeaker.cancel();
    expect(synth.cancel).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the Web Speech API', () => {
    expect('speechSynthesis' in window).toBe(false);
    expect(() => browserSpeaker.speak('x', 'en-US')).not.toThrow();
    expect(() => browserSpeaker.cancel()).not.toThrow();
  });
});
