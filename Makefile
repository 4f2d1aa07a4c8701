# arena — common tasks. `make help` lists them.

GO      ?= go
PKGS    ?= ./...
BENCH   ?= .
COUNT   ?= 1
RUNS    ?= 1
PORTS   ?= windows darwin

# Every engine, from the folders of engines/: a new game needs no edit here.
ENGINES ?= $(notdir $(patsubst %/,%,$(wildcard engines/*/)))

.PHONY: help build test test-load strength race bench bench-check lint fma ports run fuzz calibrate clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-12s %s\n", $$1, $$2}'

build: ## build the arena binary into ./arena
	$(GO) build -o arena ./cmd/arena

test: ## run every test (the browser tests need chromium: apt-get install chromium)
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 || \
		echo "note: no chromium here, so the browser tests (cmd/arena/cli TestBrowser*) are skipped; apt-get install chromium runs them"
	$(GO) test -count=$(COUNT) -timeout 30m $(PKGS)

test-load: ## run the tests under a CPU hog of 8 busy processes (RUNS=3 for three in a row)
	.ci/test-load $(RUNS)

strength: ## measure every strong bot's strength on many games, and CRN on a real bot (minutes; make test checks the same sequentially)
	ARENA_STRENGTH=1 $(GO) test -count=1 -timeout 120m -run 'Strength|CommonRandom' -v $(PKGS)

race: ## run the tests under the race detector (-short: long strength tests and long single-goroutine computations skipped)
	$(GO) test -race -short $(PKGS)

bench: ## run the benchmarks (BENCH=regexp to choose)
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem $(PKGS)

bench-check: ## run every benchmark once, quickly (-short): they must not fail (CI runs it; no figure to read)
	@out=$$($(GO) test -short -count=1 -run '^$$' -bench . -benchtime 1x $(PKGS) 2>&1) || { echo "$$out" | grep -Ev '^(ok|\?|PASS|goos:|goarch:|pkg:|cpu:|Benchmark)'; exit 1; }
	@echo "every benchmark ran once"

lint: ## check formatting and vet
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

run: ## play the default tournament (tron/duel)
	$(GO) run ./cmd/arena run

calibrate: ## measure interval coverage and SPRT error rates on the coin game (about 40 minutes on 2 cores; see docs/statistics.md)
	$(GO) run ./cmd/calibrate

fuzz: ## fuzz every engine's Step for 30 s each
	for e in $(ENGINES); do $(GO) test -run '^$$' -fuzz FuzzStep -fuzztime 30s ./engines/$$e || exit 1; done

fma: ## check that no fused multiply-add reaches our code on arm64 (it would make results differ across machines)
	@out=$$(GOARCH=arm64 $(GO) build -gcflags='github.com/arenasim/arena/...=-S' ./... 2>&1 | grep -E '\bFN?M(ADD|SUB)D\b'); \
	if [ -n "$$out" ]; then echo "fused multiply-adds (round the products with float64(...)):"; echo "$$out"; exit 1; fi

ports: ## check that arena builds for Windows and macOS (its tests run on Linux; PORTS=windows for one)
	for os in $(PORTS); do GOOS=$$os $(GO) build ./... || exit 1; done

clean: ## remove the built binary
	rm -f arena

.PHONY: crossbuild
crossbuild: ## check that GOAMD64=v1 and v3 builds give the same results (no fused multiply-add on amd64 either)
	GO=$(GO) .ci/crossbuild
