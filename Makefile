# eALS Live. `make serve` builds and serves the demo; `make test` runs every
# test (native, WebAssembly under Node, and real-browser end-to-end).

GO       ?= go
# DATA is the Yelp data folder, or any interaction log file (ratings.csv,
# ratings.dat, u.data, …); ITEMS, with a log file, names its items.
DATA     ?= $(or $(EALS_DATA),../shared/data/yelp)
ITEMS    ?=
ADDR     ?= localhost:8000
PREFIX   ?=
SITE     ?= dist
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
PKGS_WASM := ./core/... ./app/work ./app/clicklog ./app/settings ./app/textfmt ./app/catalog ./app/visitor ./app/runs ./app/datainfo ./app/export

.PHONY: all build pack wasm site serve test test-native test-wasm test-browser \
	lint bench bench-web fuzz audit clean

all: build

build: site

# The data pack is a build output made from ../shared; it is never committed.
# Other subsets: make pack PACKFLAGS='-category Restaurants' (see go run ./cmd/build pack -h).
# Another log: make site DATA=ratings.csv ITEMS=movies.csv PACKFLAGS='-min-rating 4'.
pack:
	$(GO) run ./cmd/build pack -data $(DATA) $(if $(ITEMS),-items $(ITEMS)) -out web/yelp.msgpack $(PACKFLAGS)

wasm: wasm_exec.js
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o web/app.wasm ./cmd/build

# Copied, never edited, so it always matches the toolchain that built app.wasm.
wasm_exec.js: $(GOROOT)/lib/wasm/wasm_exec.js
	cp $< $@

# The workers' kernels: core's innermost loops as hand-written WebAssembly with
# SIMD (core/hostkernels.wat), assembled by binaryen's wasm-as (Debian package
# binaryen); the site writes them into web/worker.js.
KERNEL := web/kernel.wasm
$(KERNEL): core/hostkernels.wat
	@mkdir -p $(@D)
	wasm-as --enable-simd -o $@ $<

site: pack wasm $(KERNEL)
	$(GO) run ./cmd/build site -out $(SITE) -prefix "$(PREFIX)"

serve: build
	$(GO) run ./cmd/build serve -dir $(SITE) -addr $(ADDR) -prefix "$(PREFIX)"

test: lint test-native test-wasm test-browser

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed: $$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

test-native: $(KERNEL)
	$(GO) test -count=1 ./...

test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$(WASMEXEC)" $(PKGS_WASM)

# Headless Chromium (/usr/bin/chromium, or $$CHROMIUM) on locally served
# builds of the site; screenshots go to screenshots/.
test-browser: build .ci/node_modules
	$(GO) vet -tags browser ./cmd/build/pagetest
	$(GO) test -tags browser -count=1 -timeout=30m -run='^Test' ./cmd/build/pagetest

# axe-core (for the browser tests) and Lighthouse (for make audit), at the
# versions .ci/package.json pins.
.ci/node_modules: .ci/package.json .ci/package-lock.json
	npm ci --prefix .ci --no-audit --no-fund
	touch $@

# Lighthouse 12 on a served build, desktop and mobile in turn, AUDITRUNS
# times each: prints every run, then the medians.
AUDITADDR ?= localhost:8077
AUDITRUNS ?= 5
audit: build .ci/node_modules
	bash .ci/audit "$(SITE)" "$(AUDITADDR)" "$(AUDITRUNS)"

# Medians: pipe through benchstat, or read the five runs of each line.
BENCHCOUNT ?= 5
bench:
	$(GO) test -run='^$$' -bench=. -benchtime=2s -count=$(BENCHCOUNT) ./core/...

# Visits in headless Chromium, timed by the page's own clock: the medians
# of BENCHPAIRS visits, or, with BASE=<commit>, this build against that
# commit's (built in a worktree of its own by .ci/build-base), visits
# alternated pair by pair, with each measure's ratio; then a generated file of
# MovieLens-1M's shape, trained through the file control (BenchmarkLargeFile);
# then the retrain with three likes over the first training (BenchmarkRetrain).
BENCHPAIRS ?= 5
bench-web: build
	@base=""; if [ -n "$(BASE)" ]; then base=$$(bash .ci/build-base "$(BASE)" "$(abspath $(DATA))"); fi; \
	EALS_BENCH_BASE="$$base" EALS_BENCH_PAIRS=$(BENCHPAIRS) $(GO) test -tags browser -count=1 -timeout=60m \
		-run='^$$' -bench='^Benchmark(Page|LargeFile|Retrain)$$' -benchtime=1x ./cmd/build/pagetest

# The seed corpora (each package's testdata/fuzz) also run in every plain go test.
# Short minimisation: at the default 60 s the fuzzer spends most of its time
# shrinking pack-sized inputs instead of exploring.
FUZZTIME ?= 30s
# FuzzReaderMatchesMsgpack holds the decoder's msgpack reads to msgpack's
# own Decoder.
fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzDecode -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./core/pack/
	$(GO) test -run='^$$' -fuzz=FuzzReaderMatchesMsgpack -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./core/pack/
	$(GO) test -run='^$$' -fuzz=FuzzLoadModel -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./core/
	$(GO) test -run='^$$' -fuzz=FuzzReadLog -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./core/
	$(GO) test -run='^$$' -fuzz=FuzzReadItems -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./core/
	$(GO) test -run='^$$' -fuzz=FuzzDecodeLog -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./app/clicklog/
	$(GO) test -run='^$$' -fuzz=FuzzParseScenario -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./app/settings/
	$(GO) test -run='^$$' -fuzz=FuzzJoin -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s ./cmd/build/wasmdata/

clean:
	rm -rf $(SITE) web/app.wasm web/yelp.msgpack $(KERNEL) wasm_exec.js .ci/node_modules
