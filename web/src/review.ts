// The review view: a game file sent to the server, one of its games reviewed in the background
// (the same analysis as `chuhan analyze`), the graph of Red's chances, the marks, the summary.

import { Board, START, toKey } from './board';
import { t, getLang } from './i18n';
import { el, fileChooser } from './dom';
import { pairs } from './moves';
import { saveMistakes } from './puzzles';
import type { ReviewedMove, ServerMessage, State } from './protocol';

interface GameInfo {
  title: string;
  fen: string;
  moves: string[];
}

const MARK_BRUSH: Record<string, string> = { '??': 'red', '?': 'yellow', '?!': 'paleBlue', '!': 'green' };

export class Review {
  private games: GameInfo[] = [];
  private list = el('select', { id: 'games' });
  private message = el('div', { id: 'notice' });
  private bar = el('progress', { id: 'progress', max: '1', value: '0' });
  private graph = el('div', { id: 'graph' });
  private moves = el('div', { id: 'moves', class: 'review' });
  private summary = el('pre', { id: 'summary' });
  private start: State | null = null;
  private reviewed: ReviewedMove[] = [];
  private ply = 0;

  constructor(
    private board: Board,
    main: HTMLElement,
    private send: (msg: object) => void,
  ) {
    const file = fileChooser('file', (f) => this.upload(f));
    // Files dropped anywhere on the page come to `upload` too (`drop.ts`).
    const drop = el('div', { id: 'drop', class: 'dropzone' }, t('Drop a game file here or choose one'), el('br'), file);
    const seconds = el('select', { id: 'movetime' });
    for (const s of ['0.2', '0.5', '1', '2']) seconds.append(el('option', { value: s }, s));
    seconds.value = '0.5';
    const go = el('button', { id: 'analyse' }, t('Analyse'));
    go.onclick = () => {
      const g = this.games[Number(this.list.value)];
      if (g) this.send({ t: 'review', fen: g.fen, moves: g.moves, movetime: Math.round(Number(seconds.value) * 1000) });
    };
    const stop = el('button', { id: 'stop' }, t('Stop'));
    stop.onclick = () => this.send({ t: 'stop' });
    // The server writes the annotated game in the notation chosen now.
    const pgn = el('button', { id: 'pgn' }, t('Download PGN'));
    pgn.onclick = () => this.reviewed.length && this.send({ t: 'pgn' });
    main.append(
      el(
        'section',
        { class: 'panel' },
        drop,
        this.list,
        el('div', { class: 'row' }, t('Seconds per move'), seconds, go, stop),
        this.bar,
        this.message,
        this.graph,
        this.moves,
        this.summary,
        pgn,
      ),
    );
    // The start position until a game is chosen: the server sends a state once a review starts.
    board.show(START, 'red', {}, null, false);
  }

  /** A game file, chosen or dropped, read by the server: its games listed, its refusals shown. */
  async upload(file: File) {
    const body = await file.arrayBuffer();
    const answer = await fetch('/api/games?lang=' + getLang(), { method: 'POST', body });
    if (!answer.ok) {
      const why = answer.status === 413 ? t('The file is too large (at most 4 MB)') : await answer.text();
      this.message.textContent = `${answer.status}: ${why}`;
      this.message.className = 'error';
      return;
    }
    const data = await answer.json();
    this.games = data.games;
    this.list.replaceChildren(...this.games.map((g, i) => el('option', { value: String(i) }, `${i + 1}. ${g.title}`)));
    this.message.textContent = data.errors.join('\n');
    this.message.className = data.errors.length ? 'error' : '';
  }

  state(s: State) {
    // A change of notation or language answers with the same game: the review stays, its
    // moves written anew in the notation chosen now.
    if (this.reviewed.length && this.start?.start === s.start && s.moves.length === this.reviewed.length) {
      this.reviewed.forEach((mv, i) => (mv.mv = s.moves[i]));
      this.showMoves();
      return;
    }
    this.start = s;
    this.reviewed = [];
    this.board.show(s.start, 'red', {}, null, false);
  }

  onMessage(m: ServerMessage) {
    if (m.t === 'progress') {
      this.bar.max = m.total;
      this.bar.value = m.done;
    } else if (m.t === 'reviewed') {
      this.bar.value = this.bar.max;
      this.reviewed = m.moves;
      this.summary.textContent = m.summary.join('\n');
      this.ply = m.moves.length;
      this.showMoves();
      this.drawGraph(m.red, m.moves);
      this.go(m.moves.length);
      // Its blunders become the player's own puzzles (`/puzzles?set=mistakes`).
      const title = this.games[Number(this.list.value)]?.title ?? '';
      document.body.dataset.mistakes = String(saveMistakes(this.start?.start ?? START, m.moves, title));
    }
  }

  /** The reviewed moves in pairs with their marks, the one shown highlighted. */
  private showMoves() {
    const start = this.start?.start ?? '';
    const moves = this.reviewed.map((mv) => mv.mv);
    pairs(this.moves, start, moves, { current: this.ply - 1, marks: this.reviewed.map((mv) => mv.mark), onClick: (i) => this.go(i + 1) });
  }

  /** The keys through the reviewed game; whether `k` was one of them. */
  key(k: string): boolean {
    const to = { ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.reviewed.length }[k];
    if (to === undefined) return false;
    this.go(to);
    return true;
  }

  /** Shows the position after `ply` moves, its move's mark and Chuhan's choice. */
  go(ply: number) {
    if (!this.start || ply < 0 || ply > this.reviewed.length) return;
    this.ply = ply;
    const mv = this.reviewed[ply - 1];
    const fen = mv ? mv.fen : this.start.start;
    const turn = fen.split(' ')[1] === 'b' ? 'black' : 'red';
    this.board.show(fen, turn, {}, mv ? mv.mv.iccs : null, false);
    const shapes = [];
    if (mv?.mark) shapes.push({ orig: toKey(mv.mv.iccs.slice(2, 4)), brush: MARK_BRUSH[mv.mark] });
    if (mv?.best) {
      shapes.push({ orig: toKey(mv.best.iccs.slice(0, 2)), dest: toKey(mv.best.iccs.slice(2, 4)), brush: 'blue' });
    }
    this.board.api.setAutoShapes(shapes);
    this.moves.querySelectorAll('.move').forEach((span, i) => span.classList.toggle('current', i === ply - 1));
    this.graph.querySelectorAll('circle.cursor').forEach((c) => c.remove());
  }

  private drawGraph(red: number[], moves: ReviewedMove[]) {
    const w = 600, h = 160, n = Math.max(red.length - 1, 1);
    const x = (i: number) => (i * w) / n;
    const y = (p: number) => h - p * h;
    const points = red.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    const colours: Record<string, string> = { '??': '#d01c1c', '?': '#ef7d00', '?!': '#e0b000' };
    const dots = moves
      .map((m, i) => (colours[m.mark] ? `<circle cx="${x(i + 1)}" cy="${y(red[i + 1])}" r="4" fill="${colours[m.mark]}"/>` : ''))
      .join('');
    this.graph.innerHTML =
      `<svg viewBox="0 0 ${w} ${h}" preserveAspectRatio="none"><rect width="${w}" height="${h}" fill="#fbf3dd"/>` +
      `<line x1="0" x2="${w}" y1="${h / 2}" y2="${h / 2}" stroke="#aaa"/>` +
      `<polyline points="${points}" fill="none" stroke="#17365d" stroke-width="2"/>${dots}</svg>`;
    const svg = this.graph.querySelector('svg')!;
    svg.onclick = (e) => {
      const r = svg.getBoundingClientRect();
      this.go(Math.round(((e.clientX - r.left) / r.width) * n));
    };
  }
}
