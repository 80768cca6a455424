// The puzzles view (/puzzles): find the move. The server gives the puzzle set (mined from master
// games by `chuhan puzzles build`), the legal moves of each position and the engine's answer to
// a wrong move; the page keeps the solver's progress and rating in localStorage, and the
// player's own mistakes, taken from reviewed games (`saveMistakes`, called by the review view).

import type { Board, Side } from './board';
import { toKey } from './board';
import { getLang } from './i18n';
import { el } from './dom';
import type { MoveText, ReviewedMove } from './protocol';

export interface Puzzle {
  id: string;
  fen: string;
  /** The solution in ICCS: the solver's moves and the opponent's replies in turn. */
  moves: string[];
  rating: number;
  themes: string[];
  goal: 'win' | 'save';
  value: string;
  second: string;
  source: string;
  ply: number;
  played: string | null;
}

interface Position {
  fen: string;
  turn: Side;
  dests: Record<string, string[]>;
  last: string | null;
  check: boolean;
  moves: MoveText[];
}

/** The solver's progress: an Elo-like rating and each puzzle's first try. */
interface Progress {
  rating: number;
  tries: number;
  results: Record<string, 'solved' | 'failed'>;
}

const PROGRESS = 'chuhan.puzzles';
const MISTAKES = 'chuhan.mistakes';
/** Most of the player's own mistakes kept (the oldest go first). */
const MAX_MISTAKES = 200;
/** A new solver's rating, and how far one result moves it (more while it is new). */
const START_RATING = 1500;
const k = (tries: number) => (tries < 20 ? 40 : 20);
/** The pause before the board plays the opponent's reply, in ms. */
const REPLY_DELAY = 350;

const zh: Record<string, string> = {
  Puzzles: '谜题',
  'Master games': '大师对局',
  'Your mistakes': '我的失误',
  'Your rating': '我的等级分',
  'Puzzle rating': '谜题等级分',
  'Find the best move for Red': '红方走，找出最佳着法',
  'Find the best move for Black': '黑方走，找出最佳着法',
  'Find the move that saves Red': '红方走，找出唯一的守着',
  'Find the move that saves Black': '黑方走，找出唯一的守着',
  'Best move!': '正确！',
  'Keep going…': '继续…',
  'Solved!': '解出！',
  'Not the move:': '不对：',
  'is answered by': '对方应以',
  'Try again': '再试一次',
  Next: '下一题',
  Solution: '看答案',
  Solved: '已解',
  Failed: '未解',
  'No puzzles here yet: review a game, and its blunders (??) become your puzzles.': '这里还没有谜题：复盘一局棋，其中的败着（??）会成为你的谜题。',
  'All puzzles tried': '所有谜题都已做过',
  'From': '出自',
  mate: '杀棋',
  material: '得子',
  advantage: '取得优势',
  defence: '防守',
  missed: '对局者未走出',
  rook: '车',
  horse: '马',
  cannon: '炮',
  advisor: '士',
  elephant: '象',
  soldier: '兵',
  mistake: '我的失误',
};

function say(key: string): string {
  return getLang() === 'zh' ? (zh[key] ?? key) : key;
}

/** A theme in words: `mateIn3` is "mate in 3". */
function theme(name: string): string {
  const mate = /^mateIn(\d+)$/.exec(name);
  if (mate) return getLang() === 'zh' ? `${mate[1]} 步杀` : `mate in ${mate[1]}`;
  return say(name);
}

function load<T>(key: string, empty: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) || 'null') as T) ?? empty;
  } catch {
    return empty;
  }
}

/** The reviewed game's blunders (`??`) as puzzles of one move: the position before the move,
 * Chuhan's choice as the solution, the move played as the mistake. Kept in localStorage. */
export function saveMistakes(start: string, moves: ReviewedMove[], title: string): number {
  const kept = load<Puzzle[]>(MISTAKES, []);
  let added = 0;
  moves.forEach((mv, i) => {
    if (mv.mark !== '??' || !mv.best) return;
    const fen = i === 0 ? start : moves[i - 1].fen;
    const id = `mistake:${fen}:${mv.mv.iccs}`;
    if (kept.some((p) => p.id === id)) return;
    const number = `${Math.floor(i / 2) + 1}${i % 2 ? '...' : '.'}`;
    kept.push({
      id,
      fen,
      moves: [mv.best.iccs],
      rating: 0,
      themes: ['mistake'],
      goal: 'win',
      value: '',
      second: '',
      source: `${title}, ${number} ${mv.mv.text}??`,
      ply: i,
      played: mv.mv.iccs,
    });
    added += 1;
  });
  localStorage.setItem(MISTAKES, JSON.stringify(kept.slice(-MAX_MISTAKES)));
  return added;
}

async function post<T>(path: string, body: object): Promise<T> {
  const answer = await fetch(`${path}?lang=${getLang()}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.error ?? answer.statusText);
  return data as T;
}

export class Puzzles {
  private set: Puzzle[] = [];
  private which = new URLSearchParams(location.search).get('set') === 'mistakes' ? 'mistakes' : 'masters';
  private progress: Progress = load<Progress>(PROGRESS, { rating: START_RATING, tries: 0, results: {} });
  private puzzle: Puzzle | null = null;
  /** Moves of the solution played so far. */
  private step = 0;
  /** The first try at this puzzle has failed (or the solution was shown). */
  private failed = false;
  private done = false;
  private status = el('div', { id: 'status' });
  private notice = el('div', { id: 'notice' });
  private info = el('div', { id: 'puzzle-info' });
  private rating = el('div', { id: 'solver-rating' });
  private choose = el('select', { id: 'puzzle-set' });
  private retry = el('button', { id: 'retry' }, say('Try again'));

  constructor(
    private board: Board,
    main: HTMLElement,
    private notation: () => string,
  ) {
    this.choose.append(el('option', { value: 'masters' }, say('Master games')), el('option', { value: 'mistakes' }, say('Your mistakes')));
    this.choose.value = this.which;
    this.choose.onchange = () => {
      this.which = this.choose.value;
      history.replaceState(null, '', this.which === 'mistakes' ? '/puzzles?set=mistakes' : '/puzzles');
      this.start();
    };
    const next = el('button', { id: 'next' }, say('Next'));
    next.onclick = () => this.next();
    const solution = el('button', { id: 'solution' }, say('Solution'));
    solution.onclick = () => this.showSolution();
    this.retry.onclick = () => this.goTo(this.step);
    this.retry.hidden = true;
    main.classList.add('puzzles');
    main.append(
      el('section', { class: 'panel' }, el('div', { class: 'row' }, this.choose, this.rating), this.status, this.notice, el('div', { class: 'row' }, this.retry, solution, next), this.info),
    );
    this.start();
  }

  private async start() {
    if (this.which === 'mistakes') {
      this.set = load<Puzzle[]>(MISTAKES, []);
    } else {
      const data = await fetch('/api/puzzles').then((r) => r.json());
      this.set = data.puzzles;
    }
    const wanted = new URLSearchParams(location.search).get('id');
    const first = this.set.find((p) => p.id === wanted);
    this.showRating();
    if (first) this.open(first);
    else this.next();
  }

  /** The next puzzle: an untried one rated nearest the solver (the player's mistakes in order). */
  private next() {
    const untried = this.set.filter((p) => !this.progress.results[p.id]);
    const pool = untried.length ? untried : this.set;
    if (!pool.length) {
      this.puzzle = null;
      this.status.textContent = say('No puzzles here yet: review a game, and its blunders (??) become your puzzles.');
      this.info.replaceChildren();
      this.board.show('9/9/9/9/9/9/9/9/9/9 w', 'red', {}, null, false);
      return;
    }
    const r = this.progress.rating;
    const pick = this.which === 'mistakes' ? pool[0] : pool.reduce((a, b) => (Math.abs(b.rating - r) < Math.abs(a.rating - r) ? b : a));
    this.open(pick);
  }

  private open(p: Puzzle) {
    this.puzzle = p;
    this.failed = false;
    this.done = false;
    const solver: Side = p.fen.split(' ')[1] === 'b' ? 'black' : 'red';
    this.board.setOrientation(solver);
    document.body.dataset.puzzle = p.id;
    this.info.replaceChildren(
      el('div', {}, `${say('From')}: ${p.source}`),
      p.rating ? el('div', { id: 'puzzle-rating', hidden: '' }, `${say('Puzzle rating')}: ${p.rating}`) : '',
      el('div', { id: 'themes', hidden: '' }, p.themes.map(theme).join(' · ')),
    );
    const side = solver === 'red' ? 'Red' : 'Black';
    this.prompt = say(p.goal === 'save' ? `Find the move that saves ${side}` : `Find the best move for ${side}`);
    this.goTo(0);
  }

  private prompt = '';

  /** Shows the position after `step` moves of the solution, the solver to move there. */
  private async goTo(step: number) {
    const p = this.puzzle;
    if (!p) return;
    this.step = step;
    this.retry.hidden = true;
    this.notice.textContent = '';
    this.notice.className = '';
    this.status.textContent = step === 0 ? this.prompt : say('Keep going…');
    this.status.className = '';
    await this.show(p.moves.slice(0, step), !this.done);
  }

  /** The position after `moves` from the puzzle's start, movable when `movable`. */
  private async show(moves: string[], movable: boolean): Promise<Position | null> {
    const p = this.puzzle!;
    document.body.dataset.ready = 'busy';
    try {
      const at = await post<Position>('/api/puzzles/position', { fen: p.fen, moves, notation: this.notation() });
      if (this.puzzle !== p) return null;
      this.board.show(at.fen, at.turn, movable ? at.dests : {}, at.last, at.check);
      this.board.api.setAutoShapes([]);
      return at;
    } catch (e) {
      this.notice.textContent = String((e as Error).message);
      this.notice.className = 'error';
      return null;
    } finally {
      document.body.dataset.ready = 'ready';
    }
  }

  /** A move made on the board. */
  async move(iccs: string) {
    const p = this.puzzle;
    if (!p || this.done) return;
    if (iccs === p.moves[this.step]) {
      this.step += 1;
      if (this.step >= p.moves.length) return this.solved();
      const at = await this.show(p.moves.slice(0, this.step), false);
      this.status.textContent = `${say('Best move!')} ${at?.moves[at.moves.length - 1]?.text ?? ''} ${say('Keep going…')}`;
      this.status.className = 'good';
      document.body.dataset.ready = 'busy';
      await new Promise((r) => setTimeout(r, REPLY_DELAY));
      this.step += 1;
      await this.show(p.moves.slice(0, this.step), true);
      return;
    }
    this.result(false);
    const moves = [...p.moves.slice(0, this.step), iccs];
    const at = await this.show(moves, false);
    document.body.dataset.ready = 'busy';
    try {
      const refuted = await post<{ reply: string | null; text: string | null; score: string }>('/api/puzzles/refute', { fen: p.fen, moves, notation: this.notation() });
      if (this.puzzle !== p) return;
      const wrong = at?.moves[at.moves.length - 1]?.text ?? iccs;
      this.status.textContent = refuted.reply ? `${say('Not the move:')} ${wrong} ${say('is answered by')} ${refuted.text} (${refuted.score})` : `${say('Not the move:')} ${wrong}`;
      this.status.className = 'bad';
      if (refuted.reply) {
        const r = refuted.reply;
        this.board.api.setAutoShapes([{ orig: toKey(r.slice(0, 2)), dest: toKey(r.slice(2, 4)), brush: 'red' }]);
        document.body.dataset.refutation = r;
      }
      this.retry.hidden = false;
    } finally {
      document.body.dataset.ready = 'ready';
    }
  }

  private solved() {
    this.done = true;
    this.result(true);
    this.show(this.puzzle!.moves, false);
    this.status.textContent = say('Solved!');
    this.status.className = 'good';
    this.reveal();
  }

  private showSolution() {
    const p = this.puzzle;
    if (!p) return;
    this.result(false);
    this.done = true;
    this.show(p.moves, false).then((at) => {
      this.status.textContent = `${say('Solution')}: ${at?.moves.map((m) => m.text).join(' ') ?? p.moves.join(' ')}`;
      this.status.className = '';
    });
    this.reveal();
  }

  private reveal() {
    this.info.querySelectorAll('[hidden]').forEach((e) => e.removeAttribute('hidden'));
  }

  /** The first try's result moves the solver's rating (Elo, against the puzzle's rating); the
   * player's own mistakes carry no rating and move nothing. */
  private result(solved: boolean) {
    const p = this.puzzle;
    if (!p || this.failed || this.progress.results[p.id] !== undefined) {
      this.failed = true;
      return;
    }
    this.failed = !solved;
    this.progress.results[p.id] = solved ? 'solved' : 'failed';
    if (p.rating > 0) {
      const expected = 1 / (1 + 10 ** ((p.rating - this.progress.rating) / 400));
      this.progress.rating = Math.round(this.progress.rating + k(this.progress.tries) * ((solved ? 1 : 0) - expected));
      this.progress.tries += 1;
    }
    localStorage.setItem(PROGRESS, JSON.stringify(this.progress));
    this.showRating();
  }

  private showRating() {
    const results = Object.entries(this.progress.results).filter(([id]) => this.set.some((p) => p.id === id));
    const solved = results.filter(([, r]) => r === 'solved').length;
    this.rating.textContent = `${say('Your rating')}: ${this.progress.rating} · ${say('Solved')} ${solved} · ${say('Failed')} ${results.length - solved} / ${this.set.length}`;
  }
}
