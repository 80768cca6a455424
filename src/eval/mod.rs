//! Placeholder evaluation (material only) until the full evaluator lands.

use crate::board::Position;
use crate::types::{Color, PieceKind, Value};

const VALUES: [Value; 7] = [0, 20, 20, 90, 200, 95, 20];

pub fn evaluate(pos: &Position) -> Value {
    let mut v = 0;
    for kind in PieceKind::ALL {
        v += VALUES[kind.index()] * (pos.count(Color::Red, kind) as Value - pos.count(Color::Black, kind) as Value);
    }
    if pos.side_to_move() == Color::Red { v } else { -v }
}

/// Placeholder breakdown until the full evaluator lands.
pub fn trace(pos: &Position) -> String {
    let v = evaluate(pos);
    let red = if pos.side_to_move() == Color::Red { v } else { -v };
    format!("Material {red}\nFinal evaluation: {red} (red side)")
}
