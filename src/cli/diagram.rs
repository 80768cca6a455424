//! `chuhan diagram`: a board diagram as SVG.

use std::path::PathBuf;

use chuhan::diagram::Diagram;

use super::CliError;
use super::args::PositionArgs;

#[derive(clap::Args)]
pub struct Args {
    /// The position; the last of the moves is marked.
    #[command(flatten)]
    position: PositionArgs,
    /// Where to write the SVG (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Arrows to draw, as ICCS moves: "h2e2 h9g7".
    #[arg(long, default_value = "")]
    arrows: String,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let pos = self.position.position()?;
        let mut diagram = Diagram { flipped: self.flip, ..Diagram::of(&pos) };
        for token in self.arrows.split_whitespace() {
            let mv = chuhan::Move::parse(token).ok_or_else(|| {
                CliError::usage(format!("arrow '{token}' is not a move (expected ICCS such as h2e2)"))
            })?;
            diagram.arrows.push(mv);
        }
        let svg = diagram.render(&pos);
        match &self.out {
            Some(path) => {
                std::fs::write(path, svg).map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))
            }
            None => {
                use std::io::Write as _;
                std::io::stdout().write_all(svg.as_bytes()).map_err(|e| CliError::failed(format!("stdout: {e}")))
            }
        }
    }
}
