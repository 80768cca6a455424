//! Long work split into shards that need no talk between them (`docs/cluster.md`): which part
//! of the whole a shard does, where it writes, and the plan of a tablebase set for a scheduler.
//!
//! - [`Shard`]: shard `I` of `N` (from 0), given as `I/N` or read from a Slurm job array or a
//!   Kubernetes Indexed Job (`auto`, `auto/N`);
//! - [`write_atomic`]: a shard's file replaced whole, so a reader never sees half of it;
//! - [`plan`]: the tablebase set as Slurm jobs, each after the endgames it needs.
//!
//! A shard's part is a function of `I`, `N` and the whole alone, so the `N` shards together do
//! exactly what one run does, and any shard can run again (after a lost node) to the same end.

pub mod plan;

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Most shards of one piece of work: far more than any array a scheduler accepts by default.
pub const MAX_SHARDS: u32 = 100_000;

/// Shard `index` of `count`, `index` from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// The whole work as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    pub fn new(index: u32, count: u32) -> Result<Shard, String> {
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("shard count {count} is not 1 to {MAX_SHARDS}"));
        }
        if index >= count {
            return Err(format!("shard index {index} is not below the count {count} (shards are 0 to {})", count - 1));
        }
        Ok(Shard { index, count })
    }

    pub fn index(self) -> u32 {
        self.index
    }

    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether unit `unit` of a whole dealt round-robin is this shard's: a match's opening
    /// pairs, so each shard's games so far cover the openings evenly and a merge taken while
    /// the shards run is a fair sample.
    pub fn owns(self, unit: u64) -> bool {
        unit % u64::from(self.count) == u64::from(self.index)
    }

    /// This shard's block of `0..total` dealt in contiguous blocks: datagen's games and an
    /// analysis's, so the shards' files laid end to end in shard order are the one run's.
    pub fn block(self, total: u64) -> Range<u64> {
        let at = |i: u32| (u128::from(total) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// The shard's own file beside `path`: `data/run.bin` is `data/run.shard-03-of-64.bin`, the
    /// index padded so that the names sort in shard order.
    pub fn file(self, path: &Path) -> PathBuf {
        let width = (self.count - 1).to_string().len();
        let tag = format!("shard-{:0width$}-of-{}", self.index, self.count);
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let name = match path.extension() {
            Some(ext) => format!("{stem}.{tag}.{}", ext.to_string_lossy()),
            None => format!("{stem}.{tag}"),
        };
        path.with_file_name(name)
    }

    /// The shard a file is named for by [`Shard::file`], and the path it was named from:
    /// `data/run.shard-03-of-64.bin` is shard 3/64 of `data/run.bin`.
    pub fn of_file(path: &Path) -> Option<(Shard, PathBuf)> {
        let name = path.file_name()?.to_str()?;
        let at = name.find(".shard-")?;
        let rest = &name[at + ".shard-".len()..];
        let (tag, ext) = rest.split_once('.').map_or((rest, None), |(t, e)| (t, Some(e)));
        let (index, count) = tag.split_once("-of-")?;
        let shard = Shard::new(index.parse().ok()?, count.parse().ok()?).ok()?;
        let base = match ext {
            Some(ext) => format!("{}.{ext}", &name[..at]),
            None => name[..at].to_string(),
        };
        (shard.file(&path.with_file_name(&base)) == path).then(|| (shard, path.with_file_name(base)))
    }

    /// Reads `--shard`: `I/N`; `auto`, a Slurm job array's task among the array's tasks (the
    /// whole array submitted at once); or `auto/N`, the index `SLURM_ARRAY_TASK_ID` itself (an
    /// array `0-(N-1)`, or some of its tasks again) or a Kubernetes Indexed Job's
    /// `JOB_COMPLETION_INDEX`, whose count is not in the environment. `env` looks a variable up.
    pub fn resolve(spec: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let Some(rest) = spec.strip_prefix("auto") else { return spec.parse() };
        let given = match rest.strip_prefix('/') {
            None if rest.is_empty() => None,
            Some(n) => Some(number(n, "count")?),
            None => return Err(format!("'{spec}' is not I/N, auto or auto/N")),
        };
        let var = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        let read = |name: &str| var(name).map(|v| number(&v, name)).transpose();
        if let Some(task) = read("SLURM_ARRAY_TASK_ID")? {
            // With the count given, the task's id is the index (an array `0-(N-1)`), so a task
            // can be submitted again alone (`--array=5`) and stay shard 5.
            if let Some(count) = given {
                return Shard::new(task, count).map_err(|_| {
                    format!("SLURM_ARRAY_TASK_ID {task} is not below {count}: the array is 0-{}", count - 1)
                });
            }
            let (Some(min), Some(max)) = (read("SLURM_ARRAY_TASK_MIN")?, read("SLURM_ARRAY_TASK_MAX")?) else {
                return Err("SLURM_ARRAY_TASK_ID without SLURM_ARRAY_TASK_MIN and _MAX".to_string());
            };
            let span = max.checked_sub(min).map(|d| d + 1).filter(|_| task >= min && task <= max);
            let Some(span) = span else {
                return Err(format!("SLURM_ARRAY_TASK_ID {task} is outside the array {min}-{max}"));
            };
            // An array with a step or holes (`--array=0-63:2`, `1,5,9`) has fewer tasks than its span.
            if read("SLURM_ARRAY_TASK_COUNT")?.is_some_and(|count| count != span) {
                return Err(format!("the job array {min}-{max} has a step or holes; give it as {min}-{max}"));
            }
            return Shard::new(task - min, span);
        }
        if let Some(index) = read("JOB_COMPLETION_INDEX")? {
            let Some(count) = given else {
                return Err("JOB_COMPLETION_INDEX gives no count: use --shard auto/N with the Job's completions".into());
            };
            return Shard::new(index, count);
        }
        Err("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set".to_string())
    }
}

fn number(text: &str, what: &str) -> Result<u32, String> {
    text.trim().parse().map_err(|_| format!("{what} '{text}' is not a whole number"))
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N`, `I` from 0 to `N - 1`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let Some((index, count)) = s.split_once('/') else { return Err(format!("'{s}' is not I/N, auto or auto/N")) };
        Shard::new(number(index, "index")?, number(count, "count")?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What is wrong with a list of files meant to hold each shard's part once: files given
/// twice, and shards none of the files is named for, each as one line.
pub fn audit(paths: &[PathBuf]) -> (Vec<String>, Vec<String>) {
    use std::collections::BTreeMap;
    let mut seen: BTreeMap<PathBuf, usize> = BTreeMap::new();
    // By the path the shards were named from and their count: the shards given.
    let mut sets: BTreeMap<(PathBuf, u32), Vec<u32>> = BTreeMap::new();
    for path in paths {
        *seen.entry(std::fs::canonicalize(path).unwrap_or_else(|_| path.clone())).or_default() += 1;
        if let Some((shard, base)) = Shard::of_file(path) {
            sets.entry((base, shard.count)).or_default().push(shard.index);
        }
    }
    let twice = seen.iter().filter(|(_, n)| **n > 1).map(|(p, n)| format!("{} is given {n} times", p.display()));
    let mut missing = Vec::new();
    for ((base, count), given) in &sets {
        let absent: Vec<String> = (0..*count).filter(|i| !given.contains(i)).map(|i| format!("{i}/{count}")).collect();
        if !absent.is_empty() {
            let shown = absent.iter().take(20).cloned().collect::<Vec<_>>().join(", ");
            let more = if absent.len() > 20 { format!(" and {} more", absent.len() - 20) } else { String::new() };
            missing.push(format!("shards {shown}{more} of {} are not given", base.display()));
        }
    }
    (twice.collect(), missing)
}

/// Replaces `path` with `bytes` whole: written beside it under a temporary name, then renamed
/// over it, so a reader (a merge while the shards run) or a killed shard never leaves half.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let mut file = std::fs::File::create(&temp)?;
    file.write_all(bytes)?;
    file.sync_data()?;
    drop(file);
    std::fs::rename(&temp, path).inspect_err(|_| {
        std::fs::remove_file(&temp).ok();
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn a_shard_is_read_and_refused() {
        assert_eq!("3/64".parse(), Ok(Shard { index: 3, count: 64 }));
        assert_eq!("0/1".parse(), Ok(Shard::WHOLE));
        for bad in ["4/4", "1/0", "-1/4", "x/4", "3", "3/", "/4", "1/2/3", "0/100001", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard::new(2, 8).map(|s| s.to_string()), Ok("2/8".to_string()));
    }

    #[test]
    fn auto_reads_a_slurm_array_or_an_indexed_job() {
        let slurm = [
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "8"),
            ("SLURM_ARRAY_TASK_COUNT", "8"),
        ];
        assert_eq!(Shard::resolve("auto", &env(&slurm)), Ok(Shard { index: 4, count: 8 }));
        // With the count, the id is the index: task 5 submitted again alone is still shard 5.
        assert_eq!(Shard::resolve("auto/8", &env(&slurm)), Ok(Shard { index: 5, count: 8 }));
        let again = [("SLURM_ARRAY_TASK_ID", "5"), ("SLURM_ARRAY_TASK_MIN", "5"), ("SLURM_ARRAY_TASK_MAX", "5")];
        assert_eq!(Shard::resolve("auto/8", &env(&again)), Ok(Shard { index: 5, count: 8 }));
        assert_eq!(Shard::resolve("auto", &env(&again)), Ok(Shard::WHOLE));
        assert!(Shard::resolve("auto/5", &env(&slurm)).is_err());
        // A stepped array (`--array=1-8:2`) has 4 tasks over a span of 8.
        let stepped = [("SLURM_ARRAY_TASK_COUNT", "4"), ("SLURM_ARRAY_TASK_ID", "5"), ("SLURM_ARRAY_TASK_MIN", "1")];
        let stepped = [&stepped[..], &[("SLURM_ARRAY_TASK_MAX", "7")]].concat();
        assert!(Shard::resolve("auto", &env(&stepped)).is_err());
        let k8s = [("JOB_COMPLETION_INDEX", "63")];
        assert_eq!(Shard::resolve("auto/64", &env(&k8s)), Ok(Shard { index: 63, count: 64 }));
        assert!(Shard::resolve("auto", &env(&k8s)).is_err());
        assert!(Shard::resolve("auto/63", &env(&k8s)).is_err());
        assert!(Shard::resolve("auto", &env(&[])).is_err());
        assert!(Shard::resolve("automatic", &env(&slurm)).is_err());
        assert_eq!(Shard::resolve("1/2", &env(&slurm)), Ok(Shard { index: 1, count: 2 }));
    }

    /// Blocks and round-robin units each cover the whole exactly once.
    #[test]
    fn the_shards_split_the_whole_exactly() {
        for count in [1, 3, 4, 7, 64] {
            for total in [0, 1, 5, 64, 100, 1001] {
                let shards: Vec<Shard> = (0..count).map(|i| Shard::new(i, count).expect("valid")).collect();
                let blocks: Vec<u64> = shards.iter().flat_map(|s| s.block(total)).collect();
                assert_eq!(blocks, (0..total).collect::<Vec<_>>(), "{count} shards of {total}");
                for unit in 0..total {
                    assert_eq!(shards.iter().filter(|s| s.owns(unit)).count(), 1);
                }
            }
        }
    }

    #[test]
    fn a_shard_file_is_named_by_its_shard() {
        let s = Shard::new(3, 64).expect("valid");
        assert_eq!(s.file(Path::new("data/run.bin")), Path::new("data/run.shard-03-of-64.bin"));
        assert_eq!(s.file(Path::new("sprt")), Path::new("sprt.shard-03-of-64"));
        assert_eq!(Shard::WHOLE.file(Path::new("a.pgn")), Path::new("a.shard-0-of-1.pgn"));
    }

    #[test]
    fn a_shard_file_is_known_by_its_name() {
        let s = Shard::new(3, 64).expect("valid");
        for path in ["data/run.bin", "sprt", "a.b.pgn"] {
            assert_eq!(Shard::of_file(&s.file(Path::new(path))), Some((s, PathBuf::from(path))));
        }
        for plain in ["data/run.bin", "x.shard-3-of-64.bin", "x.shard-64-of-64.bin", "x.shard-a-of-2"] {
            assert_eq!(Shard::of_file(Path::new(plain)), None, "{plain}");
        }
        let files = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        let all = files(&["d.shard-0-of-3.bin", "d.shard-1-of-3.bin", "d.shard-2-of-3.bin", "other.bin"]);
        assert_eq!(audit(&all), (vec![], vec![]));
        let (twice, missing) = audit(&files(&["d.shard-0-of-3.bin", "d.shard-2-of-3.bin", "d.shard-0-of-3.bin"]));
        assert_eq!(twice, ["d.shard-0-of-3.bin is given 2 times"]);
        assert_eq!(missing, ["shards 1/3 of d.bin are not given"]);
    }

    #[test]
    fn an_atomic_write_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("chuhan-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("f.txt");
        write_atomic(&path, b"first").expect("written");
        write_atomic(&path, b"second").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        assert_eq!(std::fs::read_dir(&dir).expect("listed").count(), 1, "no temporary file is left");
        assert!(write_atomic(&dir.join("missing/f.txt"), b"x").is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
