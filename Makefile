# Front door to the CMake build. `make test` alone sets up a fresh Debian machine.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
SCHACH := $(BUILD)/schach

.PHONY: all deps configure build web run play test test-browser test-browser-cluster test-long bench match match-pack match-unpack ablate levels time-check review-check load load-cluster soak cluster cluster-stop chaos datagen datagen-pack datagen-unpack puzzles puzzles-pack puzzles-check fuzz fuzz-server sanitize format format-check clean

all: build

# stdin stays for `make play` (a script of moves may come through it): the installer gets none.
deps:
	@bash scripts/install-deps.sh < /dev/null

configure: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake --preset $(PRESET)

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The main job: chess in the browser. Builds the program and the page (web/dist), then runs
# `schach serve` with the games in DB (default schach.db here) and prints the address to open;
# Ctrl+C stops it. E.g. make run SERVE_ARGS="--port 9000 --lang en".
DB ?= schach.db
SERVE_ARGS ?=
run: build web
	@$(SCHACH) serve --db $(DB) $(SERVE_ARGS)

# A game for two at this terminal (`schach play`), without clock unless PLAY_ARGS says otherwise,
# e.g. make play PLAY_ARGS="--tc 5+3 --lang en". When stdin is no terminal, moves and commands are
# read from it line by line (`make play < /dev/null` ends at once).
PLAY_ARGS ?=
play: build
	@$(SCHACH) play $(PLAY_ARGS)

# The web page (web/): type check (tsc) and bundle (esbuild) into web/dist.
web: deps
	@cd web && npm run --silent check && npm run --silent build

# The default suite (long runs excluded: test names ending in Long), then the page's unit tests
# and the browser tests.
# All three parts run even when one fails (the exit code says whether any did). A test that fails
# is run once more (CTEST_REPEAT, SCHACH_BROWSER_RETRIES): one that passes then still counts as
# passed, but its failure stays in the output ("***Failed", "flaky:"), and .ci/run lists it at the
# end. Set both to 1 and 0 to fail at the first failure.
CTEST_REPEAT ?= 2
WEB_UNIT ?= 1
test: build web
	@rc=0; \
	(cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --repeat until-pass:$(CTEST_REPEAT) -E 'Long') || rc=1; \
	if [ "$(WEB_UNIT)" = 1 ]; then (cd web && npm test --silent) || rc=1; fi; \
	($(BROWSER_TESTS)) || rc=1; \
	exit $$rc

# The page in headless Chromium (/usr/bin/chromium, driven by playwright-core) against this
# build's `schach serve` on a free port with a fresh database (web/test-browser/, about 90 s: the
# game page, and every exercise of the rules guide in three languages); screenshots of a failure
# in web/test-browser/artifacts/.
BROWSER_TESTS = cd web && SCHACH_BIN=$(abspath $(SCHACH)) npm run --silent test:browser
test-browser: build web
	@$(BROWSER_TESTS)

# The same browser tests against a cluster (scripts/cluster.sh, BROWSER_NODES nodes, default 3)
# on a throw-away PostgreSQL behind haproxy, one cluster per test file (docs/cluster.md); the
# scenario that kills and restarts the one server is skipped (schach-chaos does the cluster's).
BROWSER_NODES ?= 3
test-browser-cluster: build web
	@cd web && SCHACH_BROWSER_CLUSTER=$(BROWSER_NODES) SCHACH_BIN=$(abspath $(SCHACH)) npm run --silent test:browser

# Full-depth perft suites and the large Stockfish differential run.
test-long: build
	@cd $(BUILD) && ctest --output-on-failure -R 'Long'

bench: build
	@bash scripts/bench.sh $(BUILD)

# A gauntlet of `schach uci` against Glaurung, Toga II, Ethereal and Stockfish at several UCI_Elo
# (scripts/match.sh): GAMES per opponent (default 400; the Stockfish levels SF_GAMES, default 100)
# at TC (10+0.1), results and PGN in
# build/match/, resumable (run it again to go on). E.g. make match GAMES=2 (10 games: 2 min here;
# the default 1,400 games take about 6 hours on 2 cores).
GAMES ?= 400
SF_GAMES ?= 100
match: build
	@GAMES=$(GAMES) SF_GAMES=$(SF_GAMES) bash scripts/match.sh $(BUILD)

# A match longer than a session: its journal and PGN kept in data/match/ (scripts/match-keep.sh),
# restored on the next machine before `make match` goes on (MATCH_OUT: build/match).
MATCH_OUT ?= build/match
match-pack:
	@bash scripts/match-keep.sh pack $(MATCH_OUT)
match-unpack:
	@bash scripts/match-keep.sh unpack $(MATCH_OUT)

# What each search feature is worth (scripts/ablate.sh): for every name of the UCI option
# SearchOff, an SPRT of the engine against itself without that feature at 10k nodes a move, results
# in build/ablate/results.md as each test ends; resumable. About 1-2 hours on 2 cores.
ablate: build
	@bash scripts/ablate.sh $(BUILD)

# The Elo of each level 1-8 (scripts/levels.sh): gauntlets against Stockfish 15.1 at fixed UCI_Elo
# and fairy-stockfish at negative Skill Levels, LEVEL_GAMES per anchor (default 20) at 10+0.1, one
# joint fit (schach ratings) on Stockfish's scale in build/levels/levels.md; resumable.
LEVEL_GAMES ?= 20
levels: build
	@GAMES=$(LEVEL_GAMES) bash scripts/levels.sh $(BUILD)

# Never a loss on time at 1+0.01 (scripts/time-check.sh): TIME_GAMES (100) against each of
# Glaurung 2.2 and Stockfish 15.1 with no time margin for us; fails on one loss on time.
TIME_GAMES ?= 100
time-check: build
	@GAMES=$(TIME_GAMES) bash scripts/time-check.sh $(BUILD)

# The method check of `schach analyse` (scripts/review-check.sh): 20 games between weak engines
# (Stockfish 15.1 at Skill Level 0-3, fairy-stockfish at -5 and -1), reviewed by `schach analyse`
# at 1,000,000 nodes a position and judged again by Stockfish 15.1 at depth 16 on the same scale;
# prints the share of Stockfish's blunders we flag and of our blunders Stockfish finds fine, in
# build/review-check/results.md. About an hour on two cores; resumable step by step.
review-check: build
	@nice bash scripts/review-check.sh $(BUILD)

# The load test of schach serve (scripts/load.sh, tools/load): for each run of LOAD_RUNS
# (GAMESxSOCKETS; default 1000x2 9500x2 10000x1, the README's table) a fresh server of this build,
# LOAD_SECONDS (60) measured after LOAD_RAMP (60) s of ramp-up, one move per game every
# LOAD_THINK_MS (2000) ms; results in build/load/, the summaries in docs/load/results.md. About
# 8 minutes; e.g. make load LOAD_RUNS=1000x2 for the goal's run alone.
LOAD_RUNS ?= 1000x2 9500x2 10000x1
LOAD_SECONDS ?= 60
LOAD_RAMP ?= 60
LOAD_THINK_MS ?= 2000
LOAD_ARGS ?=
load: build
	@LOAD_RUNS="$(LOAD_RUNS)" LOAD_SECONDS=$(LOAD_SECONDS) LOAD_RAMP=$(LOAD_RAMP) LOAD_THINK_MS=$(LOAD_THINK_MS) \
	  LOAD_ARGS="$(LOAD_ARGS)" bash scripts/load.sh $(BUILD)

# The load against a cluster (scripts/load.sh with LOAD_CLUSTER, schach-load --cluster; docs/load):
# for each run of LOAD_CLUSTER_RUNS (GAMESxSOCKETS, default 10000x2) NODES (3) nodes of this build
# on a throw-away PostgreSQL (fsync on) behind haproxy, started with scripts/cluster.sh in
# build/load/cluster-<run>/ (its logs stay there) and stopped after the run, also on failure or
# Ctrl+C. The players follow the nodes as the page does (307, close 4307, reconnect, the move
# without its ack sent again), with LOAD_SECONDS, LOAD_RAMP and LOAD_THINK_MS as make load; half-way
# into the window the node holding the most games is killed (SIGKILL) and started again 6 s later
# (LOAD_ARGS="--kill-at S --restart-after S"). Prints the fail-over time (the kill to each of its
# games' next move acknowledged), the acks outside the fail-over and in all, and checks the record
# (every acknowledged move stored, contiguous plies; chaos_check); docs/load/cluster-<run>.md and
# the cluster table of docs/load/results.md. The players run in as many processes as the open
# files per process need (every socket is a file: 2 at 20,000), haproxy in PROXIES processes on
# one port. 10000x2 keeps this 2-core machine saturated for about 4 minutes: run it alone; try it
# small first, e.g. make load-cluster LOAD_CLUSTER_RUNS=1000x2 LOAD_SECONDS=30 LOAD_RAMP=10.
LOAD_CLUSTER_RUNS ?= 10000x2
load-cluster: build
	@LOAD_CLUSTER=$(NODES) LOAD_RUNS="$(LOAD_CLUSTER_RUNS)" LOAD_SECONDS=$(LOAD_SECONDS) LOAD_RAMP=$(LOAD_RAMP) \
	  LOAD_THINK_MS=$(LOAD_THINK_MS) LOAD_ARGS="$(LOAD_ARGS)" bash scripts/load.sh $(BUILD)

# The soak and abuse test (scripts/soak.sh, a few minutes): normal players alone, then beside
# abusers (idle connections, game floods, WebSocket floods, analyses and the analysis board) with
# a level-1 probe game; every acknowledged move checked in the record, the server's memory
# sampled; the figures and goals into docs/load/soak.md.
soak: build
	@bash scripts/soak.sh $(BUILD)

# Several nodes on this machine (scripts/cluster.sh, docs/cluster.md): a throw-away PostgreSQL 15
# (fsync on), NODES `schach serve --store postgresql://...` and haproxy in front, all on loopback
# ports; prints the proxy's address (also in build/cluster/url; pids and logs in build/cluster/).
# With the page (make web). Runs until make cluster-stop, which also removes the database.
# E.g. make cluster NODES=5.
NODES ?= 3
cluster: build web
	@NODES=$(NODES) SCHACH_BIN=$(abspath $(SCHACH)) bash scripts/cluster.sh start
cluster-stop:
	@bash scripts/cluster.sh stop

# The fault test at size (tools/load/chaos.cpp, docs/cluster.md): a cluster of its own (3 nodes,
# in build/<preset>/chaos), CHAOS_GAMES games at once through CHAOS_ROUNDS rounds of a SIGKILL, a
# SIGSTOP past the lease and a pg_terminate_backend, each game moving every CHAOS_THINK_MS (1000)
# ms, then the record checked (exit code 1 on a violation) and the fail-over times printed.
# About 40 s a round. `ctest -R Cluster` is the small one.
CHAOS_GAMES ?= 200
CHAOS_ROUNDS ?= 3
CHAOS_THINK_MS ?= 1000
CHAOS_ARGS ?=
chaos: build
	@$(BUILD)/tools/load/schach-chaos --server $(SCHACH) --dir $(BUILD)/chaos --games $(CHAOS_GAMES) \
	  --rounds $(CHAOS_ROUNDS) --think-ms $(CHAOS_THINK_MS) --require-epoch $(CHAOS_ARGS)

# The network's training data (scripts/datagen.sh): self-play games of the engine into
# DATAGEN_DIR (default ../data beside the checkout) until stopped, resumable; datagen-pack
# compresses the finished chunks into data/selfplay/ for the repository (a fresh machine gets
# them back with datagen-unpack, which datagen runs first). DATAGEN_THREADS games at once (1).
datagen: build
	@bash scripts/datagen.sh $(BUILD) run
datagen-pack: build
	@bash scripts/datagen.sh $(BUILD) pack
datagen-unpack:
	@bash scripts/datagen.sh $(BUILD) unpack

# The puzzle collection (scripts/puzzles.sh, docs/puzzles.md): rounds of self-play games
# between our weak and mid levels (start position, the 8-move book, Chess960), each mined by
# `schach puzzles generate` into data/puzzles/puzzles.csv as it goes; one thread at nice 10,
# resumable (the same command goes on), until PUZZLES_TARGET puzzles (3000). puzzles-pack keeps
# the finished rounds' games in data/puzzles/games/ (xz); puzzles-check has Stockfish 15.1 judge
# a random 200 (MultiPV 2, depth 20) and prints the share that passes.
PUZZLES_TARGET ?= 3000
puzzles: build
	@TARGET=$(PUZZLES_TARGET) bash scripts/puzzles.sh $(BUILD) run
puzzles-pack: build
	@bash scripts/puzzles.sh $(BUILD) pack
puzzles-check:
	@bash scripts/puzzles-check.sh

FUZZ_SECONDS ?= 60
fuzz: deps
	@test -f build/fuzz/CMakeCache.txt || cmake --preset fuzz
	@cmake --build build/fuzz -j $(JOBS)
	@bash scripts/fuzz.sh build/fuzz $(FUZZ_SECONDS)

# The suite in the ASan + UBSan build: ctest and the browser tests against the sanitized server
# (the page's unit tests are plain TypeScript, the same in every build, and run in `make test`).
sanitize:
	@$(MAKE) test PRESET=sanitize WEB_UNIT=0

# The HTTP and WebSocket layer of `schach serve` under mutated requests (tools/load/fuzz_server.cpp)
# against the sanitize build, FUZZ_SERVER_SECONDS (3600) long; findings' inputs in build/fuzz-server/.
FUZZ_SERVER_SECONDS ?= 3600
fuzz-server:
	@$(MAKE) build PRESET=sanitize
	@build/sanitize/tools/load/schach-fuzz-server --server build/sanitize/schach --seconds $(FUZZ_SERVER_SECONDS) --out build/fuzz-server

# clang-format 14 with .clang-format over src/ tests/ bench/ fuzz/ (scripts/format.sh):
# format rewrites the files, format-check lists those that differ and fails.
format: deps
	@bash scripts/format.sh

format-check: deps
	@bash scripts/format.sh --check

clean:
	rm -rf build
