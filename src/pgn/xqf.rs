//! XQF, the binary game format of XQStudio (象棋演播室), in every version in circulation: plain
//! up to version 10, scrambled by keys in the header from version 11 on. The layout and the
//! scrambling are described in `docs/xqf.md`.

use encoding_rs::GB18030;

use super::error::{BadSetup, Corruption, PgnError, Place, Record};
use super::tree::{MAX_DEPTH, RawLine, RawMove, play_into, setup_of, side_of_first_move};
use super::{Comment, Game};
use crate::board::Position;
use crate::types::{Color, File, GameResult, Rank, Reason, Square};

/// The header's length; the move records follow it.
const HEADER: usize = 0x400;

/// The text the body's key stream is cut from (`docs/xqf.md` §3).
const KEY_TEXT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Header texts and the tags they become (`docs/xqf.md` §2).
const TEXTS: [(usize, usize, &str); 8] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

/// Whether `bytes` begin like an XQF file.
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"XQ")
}

/// The keys of a scrambled file, from header bytes 3 to 15.
struct Keys {
    /// Subtracted from each position byte.
    xy: u8,
    /// Subtracted from each move's from and to bytes.
    from: u8,
    to: u8,
    /// Subtracted from each comment length.
    comment: i32,
    /// The key stream subtracted from the body, by file offset modulo 32.
    stream: [u8; 32],
}

impl Keys {
    fn new(h: &[u8]) -> Keys {
        let (mask, or, sum, xy, xyf, xyt) = (h[3], [h[8], h[9], h[10], h[11]], h[12], h[13], h[14], h[15]);
        // XQStudio's polynomial, kept to a byte.
        let spread = |b: u8| {
            let b = u32::from(b);
            ((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8
        };
        let key_xy = (spread(xy).wrapping_mul(u32::from(xy)) & 0xff) as u8;
        let key_from = (spread(xyf).wrapping_mul(u32::from(key_xy)) & 0xff) as u8;
        let key_to = (spread(xyt).wrapping_mul(u32::from(key_from)) & 0xff) as u8;
        let comment = (i32::from(sum) * 256 + i32::from(xy)) % 32000 + 767;
        let quad = [sum, xy, xyf, xyt];
        let mut stream = [0; 32];
        for (i, k) in stream.iter_mut().enumerate() {
            *k = KEY_TEXT[i] & ((quad[i % 4] & mask) | or[i % 4]);
        }
        Keys { xy: key_xy, from: key_from, to: key_to, comment, stream }
    }
}

/// Reads one XQF file: its header fields, start position, main line, variations and comments.
pub fn read_xqf(bytes: &[u8]) -> Result<Game, PgnError> {
    if bytes.len() < HEADER {
        let why = Corruption::Short { len: bytes.len(), header: HEADER };
        return Err(PgnError::Corrupt { at: Place::Header(None), why });
    }
    let version = bytes[2];
    let keys = (version > 10).then(|| Keys::new(bytes));
    let mut body = bytes[HEADER..].to_vec();
    if let Some(keys) = &keys {
        for (i, b) in body.iter_mut().enumerate() {
            *b = b.wrapping_sub(keys.stream[(HEADER + i) % 32]);
        }
    }
    let mut game = Game::new(Position::startpos());
    header_tags(bytes, &mut game);
    let mut records = Records { body: &body, at: 0, version, keys: keys.as_ref(), warnings: Vec::new() };
    let (tree, root_comment) = records.tree()?;
    let mut main = tree.line(&tree.root, 0, &mut records.warnings);
    if let Some(text) = root_comment {
        main.comments.insert(0, Comment { ply: 0, text });
    }
    game.warnings = records.warnings;
    let first_mover = main.moves.first().and_then(|m| m.from);
    game.start = start_position(bytes, version, keys.as_ref(), first_mover)?;
    play_into(&mut game, main)?;
    Ok(game)
}

/// Title, event, date, place, players, annotator, author and result into `game`.
fn header_tags(h: &[u8], game: &mut Game) {
    for (at, size, tag) in TEXTS {
        let len = usize::from(h[at]).min(size - 1);
        let (text, bad) = GB18030.decode_without_bom_handling(&h[at + 1..at + 1 + len]);
        let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        if bad {
            game.warnings.push(PgnError::BadText { at: Place::Header(Some(tag)) });
        }
        if !text.is_empty() {
            game.set_tag(tag, text);
        }
    }
    game.result = match h[0x33] {
        1 => Some(GameResult::win(Color::Red, Reason::Recorded)),
        2 => Some(GameResult::win(Color::Black, Reason::Recorded)),
        3 | 4 => Some(GameResult::draw(Reason::Recorded)),
        _ => None,
    };
}

/// The point a byte `x * 10 + y` names (`y` 0 on Red's side), `None` off the board.
fn point(byte: u8) -> Option<Square> {
    Some(Square::from_coords(File::new(byte / 10)?, Rank::new(byte % 10)?))
}

/// The start position: the 32 position bytes, and the side of the piece the first move moves
/// (the header's side byte, 0x32, when there are no moves; it is wrong in some files).
fn start_position(h: &[u8], version: u8, keys: Option<&Keys>, first: Option<Square>) -> Result<Position, PgnError> {
    let mut places = [0u8; 32];
    for (i, &b) in h[0x10..0x30].iter().enumerate() {
        match keys {
            // From version 12 the bytes are rotated by the key too.
            Some(k) if version >= 12 => places[(usize::from(k.xy) + i + 1) % 32] = b,
            _ => places[i] = b,
        }
    }
    let mut points = [None; 32];
    for (point_of, &b) in points.iter_mut().zip(&places) {
        *point_of = point(keys.map_or(b, |k| b.wrapping_sub(k.xy)));
    }
    let mut setup = setup_of(&points, Color::Red)?;
    let header_side = if h[0x32] == 1 { Color::Black } else { Color::Red };
    setup.side_to_move = side_of_first_move(&setup, first, header_side);
    Position::from_setup(&setup).map_err(|e| PgnError::BadStart { why: BadSetup::Illegal(e) })
}

/// A move record as stored: its move, its comment, and the records after it in the tree.
struct Node {
    mv: RawMove,
    comment: Option<String>,
    /// The first continues the line; the others are alternatives to it.
    children: Vec<usize>,
}

/// The records read into a tree, the root's children apart.
struct Tree {
    nodes: Vec<Node>,
    root: Vec<usize>,
}

impl Tree {
    /// The line whose first move is `heads[0]` (the others its alternatives), with every
    /// variation under it.
    fn line(&self, heads: &[usize], depth: usize, warnings: &mut Vec<PgnError>) -> RawLine {
        let mut line = RawLine::default();
        let mut heads = heads;
        while let Some((&first, others)) = heads.split_first() {
            let ply = line.moves.len();
            for &other in others {
                if depth >= MAX_DEPTH {
                    let at = self.nodes[other].mv.at.clone();
                    warnings.push(PgnError::Corrupt { at, why: Corruption::TooDeep(MAX_DEPTH) });
                } else {
                    line.variations.push((ply, self.line(&[other], depth + 1, warnings)));
                }
            }
            let node = &self.nodes[first];
            line.moves.push(node.mv.clone());
            if let Some(text) = &node.comment {
                line.comments.push(Comment { ply: ply + 1, text: text.clone() });
            }
            heads = &node.children;
        }
        line
    }
}

/// A cursor over the unscrambled body.
struct Records<'a> {
    body: &'a [u8],
    at: usize,
    version: u8,
    keys: Option<&'a Keys>,
    warnings: Vec<PgnError>,
}

/// What a record says besides its move.
struct Flags {
    next: bool,
    variation: bool,
}

impl<'a> Records<'a> {
    /// Where the cursor is, as a file offset.
    fn place(&self) -> usize {
        HEADER + self.at
    }

    fn take(&mut self, n: usize, what: Record) -> Result<&'a [u8], PgnError> {
        if self.body.len() - self.at < n {
            return Err(PgnError::Corrupt { at: Place::Byte(self.place()), why: Corruption::EndsInside(what) });
        }
        self.at += n;
        Ok(&self.body[self.at - n..self.at])
    }

    /// Every record after the root's, as a tree, and the root's comment (the game's).
    fn tree(&mut self) -> Result<(Tree, Option<String>), PgnError> {
        let (_, root, root_comment) = self.record()?;
        let mut tree = Tree { nodes: Vec::new(), root: Vec::new() };
        // Depth first: a record's continuation comes before its alternatives. Each task reads
        // one record as a child of its parent (`None`: the root, whose flag says whether the
        // game has moves).
        let mut tasks: Vec<Option<usize>> = if root.next { vec![None] } else { Vec::new() };
        while let Some(parent) = tasks.pop() {
            let (mv, flags, comment) = match self.record() {
                Ok(record) => record,
                // A file cut short keeps the records before the cut.
                Err(error) => {
                    self.warnings.push(error);
                    break;
                }
            };
            let id = tree.nodes.len();
            tree.nodes.push(Node { mv, comment, children: Vec::new() });
            match parent {
                None => tree.root.push(id),
                Some(p) => tree.nodes[p].children.push(id),
            }
            if flags.variation {
                tasks.push(parent);
            }
            if flags.next {
                tasks.push(Some(id));
            }
        }
        Ok((tree, root_comment))
    }

    /// One record: its move, its flags and its comment.
    fn record(&mut self) -> Result<(RawMove, Flags, Option<String>), PgnError> {
        let at = Place::Byte(self.place());
        let r = self.take(4, Record::Move)?;
        let (from, to, flag) = (r[0], r[1], r[2]);
        let (key_from, key_to) = self.keys.map_or((0, 0), |k| (k.from, k.to));
        let (flags, length) = if self.version <= 10 {
            let flags = Flags { next: flag & 0xf0 != 0, variation: flag & 0x0f != 0 };
            (flags, Some(self.int()?))
        } else {
            let flags = Flags { next: flag & 0x80 != 0, variation: flag & 0x40 != 0 };
            let length = if flag & 0x20 != 0 {
                Some(self.int()?.wrapping_sub(self.keys.map_or(0, |k| k.comment)))
            } else {
                None
            };
            (flags, length)
        };
        let comment = match length {
            Some(n) if n > 0 => {
                let text_at = self.place();
                let bytes = self.take(n as usize, Record::Comment(n as usize))?;
                let (text, bad) = GB18030.decode_without_bom_handling(bytes);
                let text = text.trim().to_string();
                if bad {
                    self.warnings.push(PgnError::BadText { at: Place::CommentAt(text_at) });
                }
                (!text.is_empty()).then_some(text)
            }
            Some(n) if n < 0 => {
                let (at, why) = (Place::Byte(self.place()), Corruption::CommentLength(i64::from(n)));
                return Err(PgnError::Corrupt { at, why });
            }
            _ => None,
        };
        let from = point(from.wrapping_sub(0x18).wrapping_sub(key_from));
        let to = point(to.wrapping_sub(0x20).wrapping_sub(key_to));
        Ok((RawMove { from, to, at }, flags, comment))
    }

    fn int(&mut self) -> Result<i32, PgnError> {
        let b = self.take(4, Record::CommentLength)?;
        Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}
