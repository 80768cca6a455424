// Move lists: numbered in pairs (`1. 炮二平五 马2进3`, `1. ... 马2进3` when Black begins), and the
// analysis tree with its variations in brackets. The texts come from the server in the chosen
// notation; the numbers follow the start FEN's side to move and move number.

import { el } from './dom';
import type { MoveText, TreeMove } from './protocol';

/** The move number of the move `ply` plies after `start` (from 0), and whether Red plays it. */
export function numberOf(start: string, ply: number): { n: number; red: boolean } {
  const fields = start.split(' ');
  const k = ply + (fields[1] === 'b' ? 1 : 0);
  return { n: Math.max(1, Number(fields[5]) || 1) + Math.floor(k / 2), red: k % 2 === 0 };
}

/** The moves in pairs, one row a move number; `onClick(i)` goes to move `i` (from 0). */
export function pairs(
  box: HTMLElement,
  start: string,
  moves: MoveText[],
  opts: { current?: number; marks?: string[]; onClick?: (i: number) => void } = {},
): void {
  const rows: HTMLElement[] = [];
  let row: HTMLElement | null = null;
  moves.forEach((m, i) => {
    const { n, red } = numberOf(start, i);
    if (red || !row) {
      row = el('div', { class: 'pair' }, el('span', { class: 'num' }, red ? `${n}.` : `${n}. ...`));
      rows.push(row);
    }
    const mark = opts.marks?.[i] ?? '';
    const span = el('span', { class: 'move' + (mark ? ' mark' : '') + (i === opts.current ? ' current' : ''), 'data-iccs': m.iccs }, m.text + mark);
    if (opts.onClick) span.onclick = () => opts.onClick!(i);
    row!.append(' ', span);
  });
  box.replaceChildren(...rows);
  box.scrollTop = box.scrollHeight;
}

/** The tree's shape: each node's parent, children (in the order played) and plies from the start. */
export class Shape {
  readonly parent: number[] = [0];
  readonly children: number[][] = [[]];
  readonly ply: number[] = [0];

  constructor(readonly nodes: TreeMove[]) {
    nodes.forEach((m, i) => {
      const id = i + 1;
      this.parent.push(m.parent);
      this.children.push([]);
      this.children[m.parent].push(id);
      this.ply.push(this.ply[m.parent] + 1);
    });
  }

  /** The node a key goes to from `node`: back, forward by the main continuation, to the
   * previous or next alternative, to the start, to the end of the line. */
  step(node: number, key: string): number | null {
    const siblings = this.children[this.parent[node]];
    const at = siblings.indexOf(node);
    switch (key) {
      case 'ArrowLeft':
        return node ? this.parent[node] : null;
      case 'ArrowRight':
        return this.children[node][0] ?? null;
      case 'ArrowUp':
        return node && at > 0 ? siblings[at - 1] : null;
      case 'ArrowDown':
        return node && at + 1 < siblings.length ? siblings[at + 1] : null;
      case 'Home':
        return 0;
      case 'End': {
        let n = node;
        while (this.children[n].length) n = this.children[n][0];
        return n;
      }
    }
    return null;
  }
}

/** The tree as move text: the main line, each alternative in brackets after the move it
 * replaces; a click on a move goes to its node. */
export function tree(box: HTMLElement, start: string, shape: Shape, current: number, onClick: (node: number) => void): void {
  const move = (id: number, numbered: boolean): (Node | string)[] => {
    const { n, red } = numberOf(start, shape.ply[id] - 1);
    const m = shape.nodes[id - 1];
    const span = el('span', { class: 'move' + (id === current ? ' current' : ''), 'data-node': String(id), 'data-iccs': m.iccs }, m.text);
    span.onclick = () => onClick(id);
    const num = red ? `${n}.` : numbered ? `${n}...` : '';
    return num ? [el('span', { class: 'num' }, num), ' ', span, ' '] : [span, ' '];
  };
  const line = (head: number, variation: boolean): (Node | string)[] => {
    const out: (Node | string)[] = [];
    let id: number | undefined = head;
    let numbered = true;
    while (id !== undefined) {
      out.push(...move(id, numbered));
      numbered = false;
      const siblings: number[] = shape.children[shape.parent[id]];
      if (!(variation && id === head) && siblings[0] === id) {
        for (const alt of siblings.slice(1)) {
          out.push(el('span', { class: 'variation' }, '(', ...line(alt, true), ')'), ' ');
          numbered = true;
        }
      }
      const next: number | undefined = shape.children[id][0];
      id = next;
    }
    return out;
  };
  const first = shape.children[0][0];
  box.replaceChildren(...(first === undefined ? [] : line(first, false)));
  box.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}
