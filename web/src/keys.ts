// The keyboard: every key the board answers, in one table that the `?` overlay lists in the
// page's language.

import { t } from './i18n';
import { el } from './dom';

/** Each key as shown, and what it does. */
export const KEYS: [string, string][] = [
  ['← →', 'Previous / next move'],
  ['↑ ↓', 'Previous / next variation (analysis)'],
  ['Home End', 'First / last move'],
  ['f', 'Flip the board'],
  ['Space', "Play the engine's move (analysis)"],
  ['x', 'Engine on / off (analysis)'],
  ['?', 'Show / hide the keys'],
  ['Esc', 'Close'],
];

/** The overlay listing every key; hidden until `?`. */
export function keysOverlay(): HTMLElement {
  const rows = KEYS.map(([k, what]) => el('tr', {}, el('td', {}, el('kbd', {}, k)), el('td', {}, t(what))));
  const box = el('div', { id: 'keys', hidden: '' }, el('div', { class: 'keysbox' }, el('h2', {}, t('Keyboard')), el('table', {}, ...rows)));
  box.onclick = () => (box.hidden = true);
  return box;
}
