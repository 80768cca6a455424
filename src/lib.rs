//! Chuhan (楚汉): a xiangqi (Chinese chess) engine.
//!
//! The library holds the rules (board, move generation, game-end judging), the search and
//! evaluation, and the protocol front ends; the `chuhan` binary only dispatches its command line.
//!
//! # Glossary
//!
//! | Chinese | identifier | FEN | Pikafish |
//! |---|---|---|---|
//! | 帥/將 | `King` | `K` | King |
//! | 仕/士 | `Advisor` | `A` | Advisor |
//! | 相/象 | `Elephant` | `B` (`E`) | Bishop |
//! | 傌/馬 | `Horse` | `N` (`H`) | Knight |
//! | 俥/車 | `Rook` | `R` | Rook |
//! | 炮/砲 | `Cannon` | `C` | Cannon |
//! | 兵/卒 | `Soldier` | `P` | Pawn |
//!
//! Short names in code: `sq` square, `pc` piece, `mv` move, `ply` half-move, `stm` side to move,
//! `bb` bitboard, `occ` occupancy.

pub mod analysis;
pub mod arena;
pub mod attacks;
pub mod bench;
pub mod bitboard;
pub mod board;
pub mod book;
pub mod checksum;
pub mod cluster;
pub mod datagen;
pub mod diagram;
pub mod egtb;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod game;
pub mod hugemem;
pub mod judge;
pub mod movegen;
pub mod nnue;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod puzzles;
pub mod search;
pub mod spsa;
pub mod suite;
pub mod tapered;
pub mod threads;
pub mod train;
pub mod tt;
pub mod tune;
pub mod types;
pub mod ucci;
pub mod wdl;
pub mod web;
pub mod words;

pub use bitboard::Bitboard;
pub use board::{FenError, Position, RuleVerdict, START_FEN, Setup};
pub use movegen::MoveList;
pub use outcome::game_result;
pub use types::{ByColor, Color, File, GameResult, Move, Piece, PieceKind, Rank, Reason, Square};
