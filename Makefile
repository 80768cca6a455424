# Chuhan: the two commands that matter are `make run` (the engine) and `make test` (every test).
CARGO ?= cargo
BIN := target/release/chuhan

# The CPU the build is for, as Stockfish's and Pikafish's ARCH. Unset, every build (make or
# plain cargo) is for the machine that builds it (`target-cpu=native`, set in
# .cargo/config.toml), so `make run` works on any machine and uses all it has. A binary meant for
# other machines names a level instead; every cargo run of this Makefile then uses it:
#   make build ARCH=x86-64      any 64-bit x86 (software bit counts)
#   make build ARCH=x86-64-v3   Haswell and later: POPCNT, LZCNT, BMI1/2, AVX2
# (any CPU name `rustc --print target-cpus` knows). `docs/strength.md` §25: the speed of each.
# Changing ARCH rebuilds everything (the flags are part of every artifact).
ARCH ?=
ifneq ($(ARCH),)
export RUSTFLAGS := -C target-cpu=$(ARCH)
endif

.PHONY: run build deps test cluster-test lint bench perft perft-deep suite fuzz soak tune book web serve e2e browser clean

run: build
	$(BIN)

build:
	$(CARGO) build --release

# What the tests need beyond cargo, installed from Debian's packages where missing (as root):
# rsvg-convert and a CJK font for the picture tests, Node for the page's bundle, Chromium for
# the browser test. `.ci/run` calls it too, so a fresh machine needs nothing by hand.
deps:
	@missing=""; \
	command -v rsvg-convert >/dev/null || missing="$$missing librsvg2-bin fonts-noto-cjk"; \
	command -v npm >/dev/null || missing="$$missing nodejs npm"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian's$$missing" >&2; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# Unit, in-process and binary-driving suites, in release so the perft and mate tiers are quick,
# then the page end to end in a browser, on the binary `cargo test --release` has just built
# (`cargo build` would only link it again, with the dependencies' features of a normal build).
test: deps
	$(CARGO) test --release
	$(MAKE) browser
	$(MAKE) cluster-test

# The cluster test (docs/cluster.md §7): sharded work as Slurm job arrays on a single-node Slurm
# (Debian's slurm-wlm and munge, installed where missing), started for it and stopped after.
cluster-test:
	cluster/slurm-local.sh start
	$(CARGO) test --release --test engine cluster::slurm -- --ignored; rc=$$?; cluster/slurm-local.sh stop; exit $$rc

# The board in the browser (docs/web.md): `make serve` runs it, `make web` rebuilds the page's
# bundle in src/web/dist/ (committed: the binary embeds it, so cargo never needs Node), `make e2e`
# drives it in headless Chromium (Debian's `chromium`); `make e2e SCREENSHOTS=docs/images`
# refreshes the README's screenshots.
WEB_DEPS := web/node_modules/.package-lock.json

$(WEB_DEPS): web/package-lock.json | deps
	cd web && npm ci --no-audit --no-fund

web: $(WEB_DEPS)
	cd web && npx tsc --noEmit && node build.mjs

serve: build
	$(BIN) serve

e2e: build
	$(MAKE) browser

browser: deps $(WEB_DEPS)
	cd web && SCREENSHOTS=$(SCREENSHOTS) node e2e/run.mjs

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings

# Speed: start-position perft 5 on one and two threads, then the search bench.
perft: build
	$(BIN) perft 5
	$(BIN) perft 5 --threads 2

bench: perft
	$(BIN) bench

# Every count of positions/perft.epd, including the multi-billion-node ones (minutes).
perft-deep: build
	$(BIN) suite positions/perft.epd --jobs 2

# Mate-in-N problems up to 6 moves, 2 s each; passes when at least 95% are solved (the target).
suite: build
	$(BIN) suite positions/mate.epd --max-mate 6 --movetime 2000 --jobs 2 --min-pass 95

# Protocol fuzzing: mutated command lines into the binary, with checkpoints (engine-tests/fuzz.rs).
# Tune with CHUHAN_FUZZ_LINES, CHUHAN_FUZZ_SEED, CHUHAN_FUZZ_EVERY.
fuzz:
	$(CARGO) test --release --test engine fuzz_long -- --ignored --nocapture

# Long self-play through the referee: crashes, illegal moves and time forfeits show in the
# PGN's Termination tags and the summary.
soak: build
	$(BIN) match --engine $(BIN) --engine $(BIN) --games 1000 --tc 1+0.01 --concurrency 2 --pgn target/soak.pgn

# Texel tuning of the evaluation weights (`docs/tuning.md` §1): self-play GAMES games
# into TUNE_PGN unless that file exists, then fit. The weights go to TUNE_OUT, not into the source.
# The games search a fixed number of nodes per move, so a busy machine makes them slower, not
# different. TUNE_MATCH_ARGS go to the match, e.g. openings from master games:
#   TUNE_MATCH_ARGS="--openings master.pgn --opening-plies 12"
GAMES ?= 1200
TUNE_NODES ?= 12000
TUNE_CONCURRENCY ?= 2
TUNE_PGN ?= target/tune/selfplay.pgn
TUNE_OUT ?= target/tune/tuned.rs
TUNE_ARGS ?=
TUNE_MATCH_ARGS ?=

tune: build
	@mkdir -p $(dir $(TUNE_PGN))
	@if [ ! -s $(TUNE_PGN) ]; then \
		rm -f $(TUNE_PGN).part && \
		$(BIN) match --engine $(BIN) --engine $(BIN) --games $(GAMES) --nodes $(TUNE_NODES) \
			--concurrency $(TUNE_CONCURRENCY) $(TUNE_MATCH_ARGS) --pgn $(TUNE_PGN).part && \
		mv $(TUNE_PGN).part $(TUNE_PGN); \
	fi
	$(BIN) tune $(TUNE_PGN) --out $(TUNE_OUT) $(TUNE_ARGS)

# The default opening book (docs/book.md), rebuilt byte for byte from the CCPD master games;
# the archive is unpacked under target/ and never committed.
CCPD ?= ../shared/data/ccpd.tar.xz
BOOK ?= book/masters.book

book: build
	rm -rf target/ccpd && mkdir -p target/ccpd
	tar -xJf $(CCPD) -C target/ccpd
	$(BIN) book build target/ccpd/Dataset/對局/大師對局 --out $(BOOK)

clean:
	$(CARGO) clean
