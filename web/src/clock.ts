// The game's clocks as the server keeps them: the page counts the running side's time down
// between two states, and the server, which judges the flag, sends the truth with each state.

import { el } from './dom';
import { t } from './i18n';
import type { Side } from './board';
import type { State } from './protocol';

/** `m:ss`, and tenths under ten seconds. */
export function clockText(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

export class Clocks {
  readonly box = el('div', { id: 'clocks' });
  private face: Record<Side, HTMLElement> = {
    red: el('span', { class: 'clock', id: 'clock-red' }),
    black: el('span', { class: 'clock', id: 'clock-black' }),
  };
  private left: Record<Side, number> = { red: 0, black: 0 };
  private running: Side | null = null;
  private at = 0;

  constructor() {
    this.box.append(t('Red'), ' ', this.face.red, ' ', t('Black'), ' ', this.face.black);
    this.box.hidden = true;
    setInterval(() => this.paint(), 100);
  }

  show(s: State): void {
    this.box.hidden = !s.clock;
    if (!s.clock) return;
    this.left = { red: s.clock.red, black: s.clock.black };
    this.running = s.clock.running ? s.turn : null;
    this.at = performance.now();
    this.paint();
  }

  /** Each side's time left now, in ms (Red's, Black's), for a reloaded page to resume with. */
  now(): [number, number] {
    const used = (side: Side) => (side === this.running ? performance.now() - this.at : 0);
    return [Math.max(0, Math.round(this.left.red - used('red'))), Math.max(0, Math.round(this.left.black - used('black')))];
  }

  private paint(): void {
    if (this.box.hidden) return;
    const [red, black] = this.now();
    this.face.red.textContent = clockText(red);
    this.face.black.textContent = clockText(black);
    for (const side of ['red', 'black'] as Side[]) this.face[side].classList.toggle('running', side === this.running);
  }
}
