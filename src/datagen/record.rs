//! The training record (`docs/datagen.md` §2): one position in 38 bytes, with the search's
//! score, the game's result, and the game and ply it came from.

use std::io::Read;

use crate::board::{Position, Setup};
use crate::types::{Color, Piece, Square, Value};

/// Bytes per record.
pub const RECORD_SIZE: usize = 38;

/// Bytes of the occupancy bitmap: 90 bits.
const OCCUPANCY_BYTES: usize = 12;
/// Most pieces on a board, one nibble each.
const MAX_PIECES: usize = 32;

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The pieces by square, in square order.
    pub pieces: Vec<(Square, Piece)>,
    pub side_to_move: Color,
    /// The search's value of the position for the side to move, in evaluation units.
    pub score: i16,
    /// The game's result for Red: 2 a win, 1 a draw, 0 a loss.
    pub result: u8,
    /// The game's number in its file (from 0): what splits training from validation.
    pub game: u32,
    /// The ply of the position in its game, the opening's plies included.
    pub ply: u16,
}

/// A record's bytes that do not describe a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord(pub String);

impl std::fmt::Display for BadRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad record: {}", self.0)
    }
}

impl std::error::Error for BadRecord {}

impl Record {
    /// The record of `pos`, scored `value` for its side to move, in game `game` at `ply`; the
    /// result is set when the game ends.
    pub fn new(pos: &Position, value: Value, game: u32, ply: usize) -> Record {
        let pieces =
            (0..Square::NUM).map(Square::from_index).filter_map(|sq| pos.piece_at(sq).map(|pc| (sq, pc))).collect();
        Record {
            pieces,
            side_to_move: pos.side_to_move(),
            score: value.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            result: 1,
            game,
            ply: ply.min(usize::from(u16::MAX)) as u16,
        }
    }

    /// Red's result as a score: 1, ½ or 0.
    pub fn red_score(&self) -> f32 {
        f32::from(self.result) / 2.0
    }

    /// The result for the side to move: 1, ½ or 0.
    pub fn stm_score(&self) -> f32 {
        if self.side_to_move == Color::Red { self.red_score() } else { 1.0 - self.red_score() }
    }

    pub fn encode(&self) -> [u8; RECORD_SIZE] {
        let mut out = [0u8; RECORD_SIZE];
        for (i, &(sq, pc)) in self.pieces.iter().take(MAX_PIECES).enumerate() {
            out[sq.index() / 8] |= 1 << (sq.index() % 8);
            out[OCCUPANCY_BYTES + i / 2] |= (pc.index() as u8) << (4 * (i % 2));
        }
        out[28..30].copy_from_slice(&self.score.to_le_bytes());
        out[30] = self.result;
        out[31] = self.side_to_move.index() as u8;
        out[32..36].copy_from_slice(&self.game.to_le_bytes());
        out[36..38].copy_from_slice(&self.ply.to_le_bytes());
        out
    }

    pub fn decode(bytes: &[u8; RECORD_SIZE]) -> Result<Record, BadRecord> {
        // Byte 11 holds squares 88 and 89 in its two low bits; the rest is off the board.
        if bytes[OCCUPANCY_BYTES - 1] >> (Square::NUM % 8) != 0 {
            return Err(BadRecord("squares beyond the board".to_string()));
        }
        let mut pieces = Vec::with_capacity(MAX_PIECES);
        for index in 0..Square::NUM {
            if bytes[index / 8] & (1 << (index % 8)) == 0 {
                continue;
            }
            let i = pieces.len();
            if i == MAX_PIECES {
                return Err(BadRecord("more than 32 pieces".to_string()));
            }
            let nibble = (bytes[OCCUPANCY_BYTES + i / 2] >> (4 * (i % 2))) & 0xf;
            let pc = Piece::ALL.get(usize::from(nibble)).ok_or_else(|| BadRecord(format!("piece code {nibble}")))?;
            pieces.push((Square::from_index(index), *pc));
        }
        let side_to_move = match bytes[31] {
            0 => Color::Red,
            1 => Color::Black,
            s => return Err(BadRecord(format!("side to move {s}"))),
        };
        let result = bytes[30];
        if result > 2 {
            return Err(BadRecord(format!("result {result}")));
        }
        Ok(Record {
            pieces,
            side_to_move,
            score: i16::from_le_bytes([bytes[28], bytes[29]]),
            result,
            game: u32::from_le_bytes([bytes[32], bytes[33], bytes[34], bytes[35]]),
            ply: u16::from_le_bytes([bytes[36], bytes[37]]),
        })
    }

    /// The position, without its game's history; fails if the pieces are no legal setup.
    pub fn position(&self) -> Result<Position, crate::board::FenError> {
        let mut board = [None; Square::NUM];
        for &(sq, pc) in &self.pieces {
            board[sq.index()] = Some(pc);
        }
        Position::from_setup(&Setup { board, side_to_move: self.side_to_move, rule60: 0, fullmove: 1 })
    }
}

/// Reads every record of `reader` to its end; a trailing partial record (a run stopped while
/// writing) is ignored.
pub fn read_all(mut reader: impl Read) -> std::io::Result<Vec<Result<Record, BadRecord>>> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    Ok(bytes
        .chunks_exact(RECORD_SIZE)
        .map(|chunk| {
            let mut buf = [0u8; RECORD_SIZE];
            buf.copy_from_slice(chunk);
            Record::decode(&buf)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        let mut pos = Position::startpos();
        pos.play_iccs("h2e2 h9g7 h0g2");
        let record = Record { result: 2, ..Record::new(&pos, -123, 77_000, 3) };
        let bytes = record.encode();
        let back = Record::decode(&bytes).expect("decodes");
        assert_eq!(back, record);
        assert_eq!(back.pieces.len(), 32);
        assert_eq!((back.score, back.game, back.ply, back.side_to_move), (-123, 77_000, 3, Color::Black));
        let replayed = back.position().expect("legal");
        assert_eq!(
            replayed.fen().split(' ').take(2).collect::<Vec<_>>(),
            pos.fen().split(' ').take(2).collect::<Vec<_>>()
        );
        assert_eq!((back.red_score(), back.stm_score()), (1.0, 0.0));
    }

    #[test]
    fn bad_bytes_are_refused() {
        let good = Record::new(&Position::startpos(), 0, 0, 0).encode();
        let mut bad = good;
        bad[31] = 2;
        assert!(Record::decode(&bad).is_err());
        let mut bad = good;
        bad[30] = 3;
        assert!(Record::decode(&bad).is_err());
        let mut bad = good;
        bad[OCCUPANCY_BYTES + 3] |= 0xf0;
        assert!(Record::decode(&bad).is_err(), "piece code 15");
        let mut bad = good;
        bad[11] |= 0x80;
        assert!(Record::decode(&bad).is_err(), "square 95");
        let mut two = good.to_vec();
        two.extend_from_slice(&good);
        two.extend_from_slice(&good[..5]);
        assert_eq!(read_all(&two[..]).expect("reads").len(), 2);
    }
}
