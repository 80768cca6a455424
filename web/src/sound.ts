// Sounds for a move, a capture, a check and a game's end, synthesised with Web Audio: no sound
// files, so nothing to license or embed. Off by the switch `chuhan.sound`, remembered.
// `document.body.dataset.sound` names the last sound played, for the browser test.

export type Sound = 'move' | 'capture' | 'check' | 'end';

let on = localStorage.getItem('chuhan.sound') !== 'off';
let audio: AudioContext | null = null;

export function soundOn(): boolean {
  return on;
}

export function setSound(value: boolean): void {
  on = value;
  localStorage.setItem('chuhan.sound', value ? 'on' : 'off');
}

/** Tones as [frequency Hz, start s, length s]: a wooden knock for a move, two for a capture,
 * a higher ring for a check, a falling chord for the end. */
const TONES: Record<Sound, [number, number, number][]> = {
  move: [[220, 0, 0.08]],
  capture: [[180, 0, 0.07], [260, 0.06, 0.09]],
  check: [[660, 0, 0.12], [880, 0.08, 0.16]],
  end: [[523, 0, 0.35], [392, 0.12, 0.35], [262, 0.24, 0.5]],
};

export function play(sound: Sound): void {
  if (!on) return;
  document.body.dataset.sound = sound;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds ?? 0) + 1);
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [freq, at, length] of TONES[sound]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = sound === 'check' || sound === 'end' ? 'sine' : 'triangle';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.25, now + at);
      gain.gain.exponentialRampToValueAtTime(0.001, now + at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + length);
    }
  } catch {
    // No audio device, or the browser refuses before a gesture: the game goes on in silence.
  }
}

/** The sound of the step from the board field `before` to `after` (FEN placements): a capture
 * leaves fewer pieces. */
export function soundOf(before: string, after: string, check: boolean, over: boolean): Sound {
  const pieces = (b: string) => b.replace(/[^a-zA-Z]/g, '').length;
  if (over) return 'end';
  if (check) return 'check';
  return pieces(after) < pieces(before) ? 'capture' : 'move';
}
