# The two commands of the README's quick start:
#   make run    install dependencies, build, extract the bundled sample page
#   make test   install dependencies, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SAMPLE ?= fixtures/gate-news-pt/page.html

.PHONY: all deps configure build python-path run test tsan test-sanitize hostile fuzz-build fuzz fuzz-ci bench install clean

all: build

deps:
	./scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# `python3 -c "import pith"` after `make run` / `make test`: a .pth file in the
# site-packages of the python3 on PATH names the module built in $(BUILD)/python,
# when that python3 is the version the module was built for (the same minor).
python-path: build
	@module_python=$$(sed -n 's/^Python_EXECUTABLE:FILEPATH=//p' $(BUILD)/CMakeCache.txt); \
	if [ -d "$(BUILD)/python/pith" ] && [ -n "$$module_python" ] && command -v python3 >/dev/null; then \
	  want=$$($$module_python -c 'import sys; print(sys.version_info[:2])'); \
	  have=$$(python3 -c 'import sys; print(sys.version_info[:2])'); \
	  site=$$(python3 -c 'import site; print(site.getsitepackages()[0])'); \
	  if [ "$$want" = "$$have" ] && mkdir -p "$$site" 2>/dev/null && [ -w "$$site" ]; then \
	    echo "$(CURDIR)/$(BUILD)/python" > "$$site/pith-build.pth"; \
	    echo "python3 ($$(command -v python3)): import pith finds $(CURDIR)/$(BUILD)/python ($$site/pith-build.pth)"; \
	  else \
	    echo "python3 on PATH is not $$module_python's version or its site-packages is not writable: PYTHONPATH=$(CURDIR)/$(BUILD)/python"; \
	  fi; \
	fi

run: build python-path
	./$(BUILD)/pith $(SAMPLE)

test: build python-path
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# extract() from several threads under ThreadSanitizer (its own build folder).
TSAN_BUILD ?= build-tsan
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_TSAN=ON -DPITH_BUILD_BENCH=OFF
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target pith_threads
	ctest --test-dir $(TSAN_BUILD) -R '^threads$$' --output-on-failure

# Every test, the fixtures and the dev set (../shared/eval/dev, when present)
# under AddressSanitizer + UndefinedBehaviorSanitizer (its own build folder).
ASAN_BUILD ?= build-asan
test-sanitize: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_SANITIZE=ON -DPITH_BUILD_BENCH=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

# The adversarial corpus at full size (a 100 MB page, a million nested divs...):
# outcome, wall time and peak memory per case, as a markdown table (README).
hostile: build
	PITH_HOSTILE_FULL=1 ./tests/hostile/hostile_test.sh ./$(BUILD)/pith --markdown $(BUILD)/hostile.md
	@echo "table: $(BUILD)/hostile.md"

# libFuzzer targets (clang; fuzz/README.md):
#   make fuzz TARGET=fuzz_extract SECONDS=600   one target for a while
#   make fuzz-ci                                 each target for FUZZ_CI_SECONDS
FUZZ_BUILD ?= build-fuzz
TARGET ?= fuzz_extract
SECONDS ?= 60
FUZZ_CI_SECONDS ?= 60
fuzz-build: deps
	CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_FUZZ=ON \
	  -DPITH_BUILD_TESTS=OFF -DPITH_BUILD_BENCH=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target pith_fuzz_targets

fuzz: fuzz-build
	./fuzz/run.sh $(TARGET) $(SECONDS) $(FUZZ_BUILD)

fuzz-ci: fuzz-build
	@for target in $$(ls fuzz/fuzz_*.cpp | xargs -n1 basename | sed 's/\.cpp$$//'); do \
	  ./fuzz/run.sh $$target $(FUZZ_CI_SECONDS) $(FUZZ_BUILD) >$(FUZZ_BUILD)/$$target.ci.log 2>&1 \
	    && echo "fuzz: $$target ok ($$(grep -o 'stat::number_of_executed_units: *[0-9]*' $(FUZZ_BUILD)/$$target.ci.log | grep -o '[0-9]*$$') runs)" \
	    || { tail -60 $(FUZZ_BUILD)/$$target.ci.log; echo "fuzz: $$target FAILED"; exit 1; }; \
	done

bench: build
	./bench/run.sh

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD)
