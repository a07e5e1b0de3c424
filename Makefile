# Front door to the CMake build. `make test` alone sets up a fresh Debian machine.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
SCHACH := $(BUILD)/schach

.PHONY: all deps configure build run test test-long bench fuzz sanitize clean

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake --preset $(PRESET)

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The main job: until terminal play exists, show the program's help and a perft of the start position.
run: build
	@$(SCHACH) --help
	@echo
	@echo '$$ schach perft 5 --divide'
	@$(SCHACH) perft 5 --divide

# The default suite (long runs excluded: test names ending in Long).
test: build
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure -E 'Long'

# Full-depth perft suites and the large Stockfish differential run.
test-long: build
	@cd $(BUILD) && ctest --output-on-failure -R 'Long'

bench: build
	@bash scripts/bench.sh $(BUILD)

FUZZ_SECONDS ?= 60
fuzz: deps
	@test -f build/fuzz/CMakeCache.txt || cmake --preset fuzz
	@cmake --build build/fuzz -j $(JOBS)
	@bash scripts/fuzz.sh build/fuzz $(FUZZ_SECONDS)

sanitize:
	@$(MAKE) test PRESET=sanitize

clean:
	rm -rf build
