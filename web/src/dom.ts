// Small helpers for building the page.

import { t } from './i18n';

/** An element with attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

/** Offers `text` as a download named `name`. */
export function save(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  el('a', { href: url, download: name }).click();
}

/** A file chooser worded in the page's language (a browser words its own input's button in
 * the browser's): a button that opens the hidden input `id`, whose file goes to `onFile`. The
 * input is emptied after each choice, so choosing the same file again is a new choice. */
export function fileChooser(id: string, onFile: (file: File) => void): HTMLElement {
  const input = el('input', { id, type: 'file', hidden: '' });
  input.onchange = () => {
    const file = input.files?.[0];
    input.value = '';
    if (file) onFile(file);
  };
  const choose = el('button', { type: 'button', id: `${id}-choose` }, t('Choose file'));
  choose.onclick = () => input.click();
  return el('span', { class: 'chooser' }, choose, input);
}
