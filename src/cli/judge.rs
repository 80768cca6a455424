//! `chuhan judge`: a move list played from a position and the result judged by the rules.

use chuhan::board::MoveLimit;
use chuhan::words::Lang;

use super::CliError;
use super::args::{LangArg, PositionArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Judge a repetition at its first recurrence instead of the third occurrence.
    #[arg(long)]
    first_repetition: bool,
    /// Under a repetition verdict, print the cycle and who repeated what in it.
    #[arg(long)]
    explain: bool,
    /// The game is drawn after this many moves each without a capture, 50 to 60
    /// (`docs/rules.md` §9).
    #[arg(long, value_name = "MOVES", default_value_t = MoveLimit::SIXTY)]
    move_limit: MoveLimit,
    /// The language of the reason and of the account: en or zh (the `result <score>` words stay).
    #[arg(long, value_enum, value_name = "LANG", default_value_t = LangArg(Lang::En))]
    lang: LangArg,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let pos = self.position.position()?;
        out!("{}", chuhan::judge::verdict(&pos, self.first_repetition, self.explain, self.move_limit, self.lang.0));
        Ok(())
    }
}
