// Files dropped onto the page, for every view by one handler: a file goes where the view's
// chooser for its kind sends it. A book is known by its first bytes (`CHUHANBK`,
// `src/book/format.rs`); anything else is taken for a game file. A view without a chooser for
// the kind gives the file to the one it has, so a wrong file is refused by the server with the
// chooser's own reason, in the tab's language.

export type Kind = 'book' | 'games';

const BOOK_MAGIC = 'CHUHANBK';

async function kindOf(file: File): Promise<Kind> {
  const head = new Uint8Array(await file.slice(0, BOOK_MAGIC.length).arrayBuffer());
  return String.fromCharCode(...head) === BOOK_MAGIC ? 'book' : 'games';
}

/** Files dropped anywhere on the page go to `takers` by their kind. While files are dragged
 * over the page, `body.dropping` lights the view's drop zones (`.dropzone`). */
export function acceptDrops(takers: Partial<Record<Kind, (file: File) => void>>): void {
  const anyTaker = Object.values(takers)[0];
  if (!anyTaker) return;
  const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
  // dragenter and dragleave come for every element crossed: the page is left when they balance.
  let depth = 0;
  const light = (on: boolean) => document.body.classList.toggle('dropping', on);
  addEventListener('dragenter', (e) => {
    if (carriesFiles(e)) light(++depth > 0);
  });
  addEventListener('dragleave', (e) => {
    if (carriesFiles(e)) light(--depth > 0);
  });
  addEventListener('dragover', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
  });
  addEventListener('drop', async (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth = 0;
    light(false);
    // The files must be taken before the handler yields: the drop's data is gone afterwards.
    const file = e.dataTransfer?.files[0];
    if (file) (takers[await kindOf(file)] ?? anyTaker)(file);
  });
}
