//! The final lines of a search (`docs/ucci.md` §7.6, §8): the move with its verdict on a draw
//! offer or a lost game, or the answer without a move, worked out on the search thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::response::{Response, Verdict};
use crate::board::Position;
use crate::engine::SearchResult;
use crate::game::chuhan;
use crate::movegen::legal_moves;
use crate::types::Score;
use crate::types::value::{RULE_BOUND, mated_in};
use crate::wdl;

/// What turns a search result into the final lines, on the search thread.
pub(super) struct Answer {
    pub pos: Position,
    /// A draw was offered with `go draw` or `ponderhit draw`.
    pub draw_offer: Arc<AtomicBool>,
    pub timed: bool,
    /// `UCI_ShowWDL`: the no-move line shows the chances too.
    pub show_wdl: bool,
}

impl Answer {
    /// The final lines, for the loop to print as it becomes idle.
    pub fn lines(&self, result: SearchResult, time: Duration) -> Vec<Response> {
        let time_ms = time.as_millis() as u64;
        let mut answer = Vec::new();
        match result.best {
            Some(mv) => {
                answer.push(Response::SearchEnd { time_ms, nodes: result.nodes });
                let accepts = chuhan::answer_draw(&self.pos, self.pos.side_to_move(), result.value).accepts;
                let verdict = if self.draw_offer.load(Ordering::Relaxed) && accepts {
                    Some(Verdict::Draw)
                } else if self.timed && result.value <= -RULE_BOUND {
                    Some(Verdict::Resign)
                } else {
                    None
                };
                answer.push(Response::BestMove { mv, ponder: result.ponder, verdict });
            }
            None => {
                if legal_moves(&self.pos).is_empty() {
                    let score = Score::from_value(mated_in(0));
                    let wdl = self.show_wdl.then(|| wdl::of_score(&self.pos, score));
                    answer.push(Response::RootScore { score, wdl });
                } else {
                    answer.push(Response::info_string("all legal moves are banned"));
                }
                answer.push(Response::SearchEnd { time_ms, nodes: result.nodes.max(1) });
                answer.push(Response::NoBestMove);
            }
        }
        answer
    }
}
