//! A protocol session with the real binary: write lines, wait for expected lines with a
//! timeout per step.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::common::chuhan;

/// Generous: debug-free release builds answer in milliseconds, but CI machines are shared.
pub const STEP: Duration = Duration::from_secs(20);

pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
    /// Where every byte sent is copied, if anywhere (to replay a session: `chuhan < file`).
    pub input_log: Option<std::fs::File>,
}

impl Session {
    pub fn start() -> Session {
        Session::start_command(chuhan())
    }

    /// A session with a binary started by `command` (for example under resource limits).
    pub fn start_command(mut command: Command) -> Session {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start chuhan: {e}"));
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Session { child, stdin, lines, transcript: Vec::new(), input_log: None }
    }

    /// A session past the handshake of `dialect` ("ucci" or "uci").
    pub fn hello(dialect: &str) -> Session {
        let mut s = Session::start();
        s.send(dialect);
        s.expect(&format!("{dialect}ok"));
        s
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(log) = self.input_log.as_mut() {
            let _ = log.write_all(bytes);
        }
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).and_then(|_| stdin.flush()).expect("write to chuhan");
    }

    /// Closes the engine's input (end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns the lines read, the matching one last.
    pub fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + STEP;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                None => panic!("timed out waiting for {what}; transcript:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// Reads until exactly `line`; returns the lines before it.
    pub fn expect(&mut self, line: &str) -> Vec<String> {
        let mut got = self.until(line, |l| l == line);
        got.pop();
        got
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.until(prefix, |l| l.starts_with(prefix)).pop().unwrap_or_default()
    }

    /// No line arrives within `wait`.
    pub fn expect_silence(&mut self, wait: Duration) {
        if let Some(l) = self.next_line(wait) {
            panic!("unexpected line '{l}'; transcript:\n{}", self.transcript.join("\n"));
        }
    }

    /// The FEN `d` reports.
    pub fn fen(&mut self) -> String {
        self.send("d");
        self.expect_prefix("Fen: ").trim_start_matches("Fen: ").to_string()
    }

    /// Waits for the process to exit and returns its status code.
    pub fn wait_exit(&mut self) -> Option<i32> {
        let deadline = Instant::now() + STEP;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("chuhan did not exit; transcript:\n{}", self.transcript.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
