//! Looks for `rsvg-convert`, the renderer the picture tests need (`engine-tests/pictures.rs`).
//! Without it those tests are compiled as ignored, so `cargo test` reports them as ignored
//! rather than passed; under CI (`CI=true`, set by `.ci/run`, which installs the renderer) they
//! are never ignored, and fail if it is missing.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_renderer)");
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=CI");
    let dirs: Vec<PathBuf> = env::var_os("PATH").map(|p| env::split_paths(&p).collect()).unwrap_or_default();
    match dirs.iter().map(|d| d.join("rsvg-convert")).find(|f| f.is_file()) {
        // Removed later: look again.
        Some(found) => println!("cargo::rerun-if-changed={}", found.display()),
        None => {
            // Installed later: a directory on the path changes.
            for dir in dirs.iter().filter(|d| d.is_dir()) {
                println!("cargo::rerun-if-changed={}", dir.display());
            }
            if env::var("CI").as_deref() != Ok("true") {
                println!("cargo::rustc-cfg=no_renderer");
            }
        }
    }
}
