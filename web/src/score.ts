// Scores as the page shows them: from Red's side by default, as lichess shows White's, or from
// the side to move's, by the setting `chuhan.scores`. The server writes each score from both
// sides (`Sided`) and Red's win/draw/loss; this is the one place that picks the side.

import type { Side } from './board';
import type { Line, Sided } from './protocol';

export type ScoreSide = 'red' | 'mover';

let side: ScoreSide = localStorage.getItem('chuhan.scores') === 'mover' ? 'mover' : 'red';

export function scoreSide(): ScoreSide {
  return side;
}

export function setScoreSide(s: ScoreSide): void {
  side = s;
  localStorage.setItem('chuhan.scores', s);
}

/** `+1.50`, `#5`, `#-5` from the chosen side. */
export function scoreText(s: Sided): string {
  return s[side];
}

/** The line's win/draw/loss in per cent from the chosen side: `62/30/8`. */
export function wdlText(line: Line, turn: Side): string {
  const [w, d, l] = side === 'mover' && turn === 'black' ? [...line.wdl].reverse() : line.wdl;
  return [w, d, l].map((x) => Math.round(x / 10)).join('/');
}
