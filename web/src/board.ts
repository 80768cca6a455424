// The board: chessgroundx on 9 × 10 points over the board picture the server draws. ICCS squares
// (`h2`, ranks 0 to 9) become chessgroundx keys (ranks `1` to `9` then `:`), Red is `white`.
// Legal moves come only from the server (`movable.free` off): the page judges nothing.

import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { DrawShape } from 'chessgroundx/draw';
import type * as cg from 'chessgroundx/types';

export type Side = 'red' | 'black';

/** The start position's board field. */
export const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR';

export function toKey(sq: string): cg.Key {
  return (sq[0] + String.fromCharCode(49 + Number(sq[1]))) as cg.Key;
}

export function toSquare(key: string): string {
  return key[0] + String(key.charCodeAt(1) - 49);
}

const color = (s: Side): cg.Color => (s === 'red' ? 'white' : 'black');

export class Board {
  readonly api: Api;
  private frame: HTMLElement;
  private flipped = false;
  /** In the editor, whether a press on a point is a click (a spare piece or removal chosen)
   * rather than the start of a drag. */
  private clicks = false;

  constructor(frame: HTMLElement, onMove: (iccs: string) => void) {
    this.frame = frame;
    const wrap = document.createElement('div');
    frame.appendChild(wrap);
    this.api = Chessground(wrap, {
      fen: '9/9/9/9/9/9/9/9/9/9',
      dimensions: { width: 9, height: 10 },
      kingRoles: ['k-piece'],
      coordinates: false,
      movable: { free: false, showDests: true, color: undefined, events: { after: (o, d) => onMove(toSquare(o) + toSquare(d)) } },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      highlight: { lastMove: true, check: true },
      animation: { enabled: true, duration: 150 },
      drawable: { enabled: true, visible: true },
    });
    this.paint();
  }

  /** Shows `fen` with `dests` (ICCS from-square to to-squares) movable by `mover`. */
  show(fen: string, turn: Side, dests: Record<string, string[]>, last: string | null, check: boolean): void {
    const map: cg.Dests = new Map();
    for (const [from, tos] of Object.entries(dests)) map.set(toKey(from), tos.map(toKey));
    this.api.set({
      fen: fen.split(' ')[0],
      turnColor: color(turn),
      check: check ? color(turn) : false,
      lastMove: last ? [toKey(last.slice(0, 2)), toKey(last.slice(2, 4))] : undefined,
      movable: { color: map.size ? color(turn) : undefined, dests: map },
    });
  }

  /** Arrows for moves in ICCS, the first bold. */
  arrows(moves: string[], brush = 'green'): void {
    const shapes: DrawShape[] = moves
      .filter((m) => /^[a-i][0-9][a-i][0-9]$/.test(m))
      .map((m, i) => ({
        orig: toKey(m.slice(0, 2)),
        dest: toKey(m.slice(2, 4)),
        brush: i === 0 ? brush : 'paleGreen',
        modifiers: { lineWidth: i === 0 ? 12 : 6 },
      }));
    this.api.setAutoShapes(shapes);
  }

  /** The editor's board: pieces dragged anywhere (`free`: the page only writes the FEN, Chuhan
   * judges it), off the board to remove them, new ones dragged in by [`dragNew`]. `onChange`
   * gets the pieces by ICCS square after each drag; while `clicks` is on, a press on a point
   * calls `onPoint` with its square instead. */
  edit(onChange: (pieces: Map<string, string>) => void, onPoint: (sq: string) => void): void {
    this.api.set({
      lastMove: undefined,
      movable: { free: true, color: 'both', dests: new Map(), showDests: false },
      draggable: { enabled: true, deleteOnDropOff: true },
      selectable: { enabled: false },
      highlight: { lastMove: false },
      drawable: { enabled: false },
      events: {
        change: () => onChange(this.pieces()),
        select: (key) => this.clicks && onPoint(toSquare(key)),
      },
    });
  }

  /** The editor's presses: clicks on points (`on`) or drags of pieces. */
  setClicks(on: boolean): void {
    this.clicks = on;
    this.api.set({ draggable: { enabled: !on } });
  }

  /** Starts dragging a new piece (a FEN letter) from outside the board, as from a spare row.
   * Dropped on a piece, it replaces it, as in lichess's editor. */
  dragNew(letter: string, e: MouseEvent | TouchEvent): void {
    const piece = { role: `${letter.toLowerCase()}-piece`, color: letter === letter.toUpperCase() ? 'white' : 'black' } as cg.Piece;
    this.api.dragNewPiece(piece, false, e as cg.MouchEvent, true);
    // chessgroundx 10.7.4 ends the drag without the `force` given above, and so refuses an
    // occupied point: the piece there is lifted first, just before chessgroundx's own handler
    // on the document (this one listens on the window while the event comes down).
    const release = (up: Event) => {
      removeEventListener('mouseup', release, true);
      removeEventListener('touchend', release, true);
      const cur = this.api.state.draggable.current;
      if (!cur || cur.orig !== 'a0') return;
      const at = up instanceof MouseEvent ? ([up.clientX, up.clientY] as cg.NumberPair) : cur.pos;
      const key = this.api.getKeyAtDomPos(at);
      if (key) this.api.state.boardState.pieces.delete(key);
    };
    addEventListener('mouseup', release, true);
    addEventListener('touchend', release, true);
  }

  /** The editor's pieces: the FEN letter on each ICCS square (off-board keys, as the one a new
   * piece is dragged from, are no point). */
  pieces(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [key, p] of this.api.state.boardState.pieces) {
      if (!/^[a-i][1-9:]$/.test(key)) continue;
      const letter = p.role[0];
      out.set(toSquare(key), p.color === 'white' ? letter.toUpperCase() : letter);
    }
    return out;
  }

  /** The editor's board shows `placement` (a FEN's board field). */
  place(placement: string): void {
    this.api.set({ fen: placement, lastMove: undefined });
  }

  setOrientation(side: Side): void {
    this.flipped = side === 'black';
    this.api.set({ orientation: color(side) });
    this.paint();
  }

  flip(): void {
    this.setOrientation(this.flipped ? 'red' : 'black');
  }

  private paint(): void {
    this.frame.style.backgroundImage = `url(/assets/board${this.flipped ? '-flipped' : ''}.svg)`;
  }
}

/** The board field after `moves` (ICCS) from the board field `start`. A xiangqi move only takes
 * a piece from one point to another, so the page can show a past position without judging. */
export function placementAfter(start: string, moves: string[]): string {
  // grid[rank][file], rank 9 first as in the FEN.
  const grid = start.split('/').map((row) => [...row.replace(/\d/g, (n) => '.'.repeat(Number(n)))]);
  const at = (sq: string): [number, number] => [9 - Number(sq[1]), sq.charCodeAt(0) - 97];
  for (const mv of moves) {
    const [[fr, ff], [tr, tf]] = [at(mv.slice(0, 2)), at(mv.slice(2, 4))];
    if (!grid[fr] || !grid[tr]) break;
    grid[tr][tf] = grid[fr][ff];
    grid[fr][ff] = '.';
  }
  return grid.map((row) => row.join('').replace(/\.+/g, (dots) => String(dots.length))).join('/');
}
