// The position editor (/editor): pieces dragged on the board, in from the spare rows beside it
// and off it to remove them, or placed and removed by clicks; the side to move, the start
// position or an empty board. The page only writes the FEN; Chuhan judges it
// (`src/board/fen.rs`) and a refused set-up shows Chuhan's reason.

import { Board, START } from './board';
import { el } from './dom';
import { t } from './i18n';

const LETTERS = 'RNBAKCP';

/** The FEN board field as a map from ICCS square to piece letter. */
function parse(placement: string): Map<string, string> {
  const out = new Map<string, string>();
  placement.split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else out.set('abcdefghi'[file++] + String(9 - i), c);
    }
  });
  return out;
}

function placement(pieces: Map<string, string>): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let gap = 0;
    for (const file of 'abcdefghi') {
      const p = pieces.get(file + rank);
      if (!p) gap++;
      else {
        row += (gap || '') + p;
        gap = 0;
      }
    }
    rows.push(row + (gap || ''));
  }
  return rows.join('/');
}

export class Editor {
  private pieces: Map<string, string>;
  /** What a click on a point does: place this FEN letter, remove (`x`), or nothing (`drag`:
   * presses on the board drag its pieces). */
  private hand = 'drag';
  private turn = el('select', { id: 'editturn' });
  private fen = el('input', { id: 'fen', type: 'text', spellcheck: 'false' });
  /** Where a position Chuhan accepts goes: `analysis` or `play`. */
  private target = 'analysis';

  constructor(
    private board: Board,
    main: HTMLElement,
    notice: HTMLElement,
    private send: (msg: object) => void,
    fen: string | null,
  ) {
    this.pieces = parse((fen || START).split(' ')[0]);
    this.turn.append(el('option', { value: 'w' }, t('Red to move')), el('option', { value: 'b' }, t('Black to move')));
    this.turn.value = fen?.split(' ')[1] === 'b' ? 'b' : 'w';
    this.turn.onchange = () => this.paint();
    board.edit(
      (pieces) => {
        this.pieces = pieces;
        this.write();
      },
      (sq) => this.click(sq),
    );
    const palette = el('div', { class: 'cg-wrap', id: 'palette' });
    const choose = (hand: string) => {
      this.hand = hand;
      board.setClicks(hand !== 'drag');
      palette.querySelectorAll('button').forEach((x) => x.classList.toggle('chosen', x.dataset.piece === hand));
    };
    const hand = (piece: string, label: Node | string) => {
      const b = el('button', { class: 'hand', 'data-piece': piece }, label);
      b.onclick = () => choose(piece);
      return b;
    };
    // A spare piece, pressed, is dragged onto the board; clicked, it is chosen for clicks on
    // points (a drag leaves the choice as it was, so board pieces stay draggable).
    const spare = (letter: string) => {
      const face = document.createElement('piece');
      face.className = `${letter === letter.toUpperCase() ? 'white' : 'black'} ${letter.toLowerCase()}-piece`;
      const b = hand(letter, face);
      const grab = (e: MouseEvent | TouchEvent) => {
        if (e instanceof MouseEvent && e.button !== 0) return;
        e.preventDefault();
        board.dragNew(letter, e);
      };
      b.addEventListener('mousedown', grab);
      b.addEventListener('touchstart', grab, { passive: false });
      return b;
    };
    palette.append(
      el('div', { class: 'row spares' }, ...[...LETTERS].map(spare)),
      el('div', { class: 'row spares' }, ...[...LETTERS.toLowerCase()].map(spare)),
      el('div', { class: 'row' }, hand('drag', t('Drag pieces')), hand('x', t('Remove'))),
    );
    choose('drag');
    const button = (id: string, label: string, f: () => void) => {
      const b = el('button', { id }, t(label));
      b.onclick = f;
      return b;
    };
    this.fen.onchange = () => {
      this.pieces = parse(this.fen.value.trim().split(' ')[0]);
      this.turn.value = this.fen.value.trim().split(' ')[1] === 'b' ? 'b' : 'w';
      this.paint();
    };
    const open = (target: string) => () => {
      this.target = target;
      notice.textContent = '';
      send({ t: 'check', fen: this.fen.value.trim() });
    };
    main.append(
      el(
        'section',
        { class: 'panel' },
        el('h2', {}, t('Position editor')),
        palette,
        el(
          'div',
          { class: 'row' },
          this.turn,
          button('startpos', 'Start position', () => this.reset(START)),
          button('clear', 'Clear', () => this.reset('9/9/9/9/9/9/9/9/9/9')),
          button('flip', 'Flip', () => board.flip()),
        ),
        el('div', { class: 'row' }, this.fen),
        el('div', { class: 'row' }, button('toanalysis', 'Analyse', open('analysis')), button('toplay', 'Play from here', open('play'))),
        notice,
      ),
    );
    this.paint();
  }

  /** The server accepted the position: open it. */
  accepted(fen: string): void {
    const q = new URLSearchParams({ fen });
    location.href = `/${this.target}?${q}`;
  }

  private reset(placement: string): void {
    this.pieces = parse(placement);
    this.paint();
  }

  private click(sq: string): void {
    if (this.hand === 'x' || this.pieces.get(sq) === this.hand) this.pieces.delete(sq);
    else this.pieces.set(sq, this.hand);
    this.paint();
  }

  /** The board and the FEN box show the pieces. */
  private paint(): void {
    this.board.place(placement(this.pieces));
    this.write();
  }

  /** The FEN box shows the pieces (the board already does, after a drag). */
  private write(): void {
    this.fen.value = `${placement(this.pieces)} ${this.turn.value} - - 0 1`;
    document.body.dataset.ready = 'ready';
  }
}
