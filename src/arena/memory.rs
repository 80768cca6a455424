//! Resident memory of the engine processes and of the referee, read from `/proc/<pid>/status`
//! (`VmRSS`: resident now, `VmHWM`: the peak so far). Linux only: elsewhere the reads give
//! nothing and the summary has no memory lines.

/// One reading, in kB (the unit of `/proc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    pub rss_kb: u64,
    pub peak_kb: u64,
}

/// The `VmRSS` and `VmHWM` fields of a `/proc/<pid>/status` text; `None` if either is missing
/// (a kernel thread, a process that has exited but is not yet reaped, another system).
pub fn parse_status(text: &str) -> Option<Reading> {
    let field = |name: &str| {
        let rest = text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))?;
        let mut tokens = rest.split_whitespace();
        let value = tokens.next()?.parse().ok()?;
        (tokens.next() == Some("kB")).then_some(value)
    };
    Some(Reading { rss_kb: field("VmRSS")?, peak_kb: field("VmHWM")? })
}

/// The reading of process `pid`.
pub fn of_pid(pid: u32) -> Option<Reading> {
    read(&format!("/proc/{pid}/status"))
}

/// The reading of this process.
pub fn of_self() -> Option<Reading> {
    read("/proc/self/status")
}

fn read(path: &str) -> Option<Reading> {
    parse_status(&std::fs::read_to_string(path).ok()?)
}

/// The memory of one engine over a match, over all its processes (one per slot, more after
/// restarts): each figure is the largest of its processes'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineMemory {
    /// Processes started for games.
    pub processes: usize,
    /// Resident after the process's first game.
    pub after_first_game_kb: Option<u64>,
    /// Resident when the process was ended (at the end of the match, or after a fault).
    pub at_end_kb: Option<u64>,
    /// The peak resident size, read when the process was ended.
    pub peak_kb: Option<u64>,
}

impl EngineMemory {
    pub fn merge(&mut self, other: &EngineMemory) {
        self.processes += other.processes;
        self.after_first_game_kb = self.after_first_game_kb.max(other.after_first_game_kb);
        self.at_end_kb = self.at_end_kb.max(other.at_end_kb);
        self.peak_kb = self.peak_kb.max(other.peak_kb);
    }

    /// The summary line, or `None` when nothing could be read.
    pub fn line(&self, name: &str) -> Option<String> {
        let figures: Vec<String> = [
            ("after its first game", self.after_first_game_kb),
            ("at the end", self.at_end_kb),
            ("peak", self.peak_kb),
        ]
        .iter()
        .filter_map(|(what, kb)| kb.map(|kb| format!("{what} {}", mb(kb))))
        .collect();
        if figures.is_empty() {
            return None;
        }
        let plural = if self.processes == 1 { "" } else { "es" };
        Some(format!("Memory: {name} RSS {} ({} process{plural})", figures.join(", "), self.processes))
    }
}

/// The referee's own line, or `None` when nothing could be read.
pub fn referee_line() -> Option<String> {
    of_self().map(|r| format!("Memory: referee RSS peak {}", mb(r.peak_kb)))
}

fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The head of a real `/proc/<pid>/status` (Linux 6.x), abridged.
    const STATUS: &str = "Name:\tchuhan\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t4242\nPid:\t4242\n\
        VmPeak:\t  123456 kB\nVmSize:\t  120000 kB\nVmLck:\t       0 kB\nVmHWM:\t   21504 kB\n\
        VmRSS:\t   20480 kB\nRssAnon:\t    4096 kB\nThreads:\t3\n";

    #[test]
    fn status_fields_are_read() {
        assert_eq!(parse_status(STATUS), Some(Reading { rss_kb: 20480, peak_kb: 21504 }));
        // Missing fields (an exited process), a wrong unit, a bad number: nothing.
        assert_eq!(parse_status("Name:\tchuhan\nState:\tZ (zombie)\n"), None);
        assert_eq!(parse_status(&STATUS.replace("21504 kB", "21504 MB")), None);
        assert_eq!(parse_status(&STATUS.replace("20480", "x")), None);
        // `VmRSSx` is not `VmRSS`.
        assert_eq!(parse_status(&STATUS.replace("VmRSS:", "VmRSSx:")), None);
    }

    #[test]
    fn this_process_can_be_read_on_linux() {
        if cfg!(target_os = "linux") {
            let r = of_self().expect("/proc/self/status");
            assert!(r.rss_kb > 0 && r.peak_kb >= r.rss_kb, "{r:?}");
        }
    }

    #[test]
    fn lines_and_merging() {
        let mut m = EngineMemory::default();
        assert_eq!(m.line("A"), None);
        m.merge(&EngineMemory {
            processes: 1,
            after_first_game_kb: Some(12_595),
            at_end_kb: Some(12_698),
            peak_kb: Some(13_312),
        });
        m.merge(&EngineMemory { processes: 1, after_first_game_kb: Some(10_000), at_end_kb: None, peak_kb: None });
        assert_eq!(
            m.line("A").as_deref(),
            Some("Memory: A RSS after its first game 12.3 MB, at the end 12.4 MB, peak 13.0 MB (2 processes)")
        );
    }
}
