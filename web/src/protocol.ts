// The server's messages (src/web/protocol.rs is their definition).

import type { Side } from './board';

export interface MoveText {
  iccs: string;
  text: string;
}

/** A score written from Red's side and from the side to move's (`score.ts` picks one). */
export interface Sided {
  red: string;
  mover: string;
}

export interface Line {
  pv: string[];
  text: string;
  score: Sided;
  /** Red's expected score, 0 to 1, for the bar. */
  red: number;
  /** Red's win, draw and loss per mille. */
  wdl: [number, number, number];
}

export interface State {
  t: 'state';
  mode: 'play' | 'analysis';
  fen: string;
  turn: Side;
  dests: Record<string, string[]>;
  last: string | null;
  check: boolean;
  start: string;
  moves: MoveText[];
  human: Side | 'none';
  level: number;
  thinking: boolean;
  opening: string | null;
  /** The book's moves for the position: games, the mover's score and the draw rate. */
  book: { mv: MoveText; games: number; score: number | null; draws: number | null }[];
  result: { score: string; winner: string; reason: string; text: string } | null;
  /** Each side's time left in ms, the control (`300+3`, seconds), whether the mover's runs. */
  clock: { red: number; black: number; control: string; running: boolean } | null;
  /** The analysis tree: node `i + 1` is `tree[i]` (node 0 is the start), and the node shown. */
  tree: TreeMove[];
  node: number;
  /** The endgame tables' view when they cover the position: the verdict for the side to move
   * and every legal move with the value it leaves its mover, best first. */
  tables: Tables | null;
}

export type TableKind = 'win' | 'draw' | 'loss' | 'undecided';

export interface Tables {
  kind: TableKind;
  verdict: string;
  moves: { mv: MoveText; kind: TableKind; text: string; plies: number | null; score: Sided | null }[];
}

export interface TreeMove {
  parent: number;
  iccs: string;
  text: string;
}

export interface ReviewedMove {
  mv: MoveText;
  mark: string;
  best: MoveText | null;
  fen: string;
}

export type ServerMessage =
  | State
  | { t: 'lines'; depth: number; nodes: number; nps: number; lines: Line[] }
  | { t: 'hint'; lines: Line[] }
  | { t: 'progress'; done: number; total: number }
  | { t: 'reviewed'; moves: ReviewedMove[]; red: number[]; summary: string[]; pgn: string }
  | { t: 'pgn'; name: string; text: string }
  | { t: 'position'; fen: string }
  | { t: 'notice'; text: string }
  | { t: 'error'; text: string };
