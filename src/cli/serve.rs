//! `chuhan serve`: the board in the browser (`docs/web.md` §1).

use std::net::IpAddr;

use chuhan::board::MoveLimit;

use super::CliError;
use super::args::Egtb;

#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = chuhan::web::DEFAULT_PORT)]
    port: u16,
    /// The address to listen on; anything but loopback opens the engine to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the system browser.
    #[arg(long)]
    open: bool,
    /// The opening book of the explorer and of Chuhan's games, as `chuhan book build` writes
    /// one (default: the built-in book). Read once at the start; no other file is touched.
    #[arg(long, value_name = "FILE")]
    book: Option<std::path::PathBuf>,
    /// Games are drawn after this many moves each without a capture, 50 to 60
    /// (`docs/rules.md` §9); Chuhan's search plays to the same limit.
    #[arg(long, value_name = "MOVES", default_value_t = MoveLimit::SIXTY)]
    move_limit: MoveLimit,
    /// The boards show these tables' verdict and move values where they cover the position,
    /// and Chuhan plays from them.
    #[command(flatten)]
    egtb: Egtb,
    /// The puzzles of /puzzles, as `chuhan puzzles build` writes them (default: the sample
    /// built in, mined from the CCPD). Read once at the start.
    #[arg(long, value_name = "FILE")]
    puzzles: Option<std::path::PathBuf>,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let book = match &self.book {
            Some(path) => Some(std::sync::Arc::new(chuhan::book::Book::open(path).map_err(CliError::failed)?)),
            None => None,
        };
        let egtb = self.egtb.open()?;
        let puzzles = match &self.puzzles {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
                let set =
                    chuhan::puzzles::read(&text).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
                let name = path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
                Some((set, name))
            }
            None => None,
        };
        let listener = chuhan::web::bind(self.host, self.port).map_err(CliError::failed)?;
        if !self.host.is_loopback() {
            eprintln!(
                "warning: listening on {} beyond loopback: anyone who can reach this machine can use its engine",
                self.host
            );
        }
        let url = chuhan::web::url(listener.local_addr().map_err(CliError::failed)?);
        out!("Chuhan is serving {url} (Ctrl-C to stop)");
        if self.open {
            open(&url);
        }
        chuhan::web::serve_blocking(listener, book, self.move_limit, egtb, puzzles).map_err(CliError::failed)
    }
}

/// Starts the system's browser on `url`; a failure is one line, and the server goes on.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("warning: cannot start a browser ({opener}: {e}); open {url} yourself");
    }
}
