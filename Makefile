# The two commands of the README's quick start:
#   make run    install what the CLI, library and Python module need, build them, extract the sample page
#   make test   also install what the tests need, build everything, run every test
# `make install` installs what `make run` built (PREFIX, default /usr/local).
BUILD ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SAMPLE ?= fixtures/gate-news-pt/page.html
PREFIX ?= /usr/local

.PHONY: all deps deps-test configure configure-test build build-test run test tsan test-sanitize \
        hostile fuzz-build fuzz fuzz-ci bench identity test-scalar install clean

all: build

deps:
	./scripts/install-deps.sh

deps-test:
	./scripts/install-deps.sh --test

# The CLI, the library and the Python module only (no tests, no benchmarks).
configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DPITH_BUILD_TESTS=OFF -DPITH_BUILD_BENCH=OFF

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The same build folder with the tests and benchmarks (what is built already stays built).
configure-test: deps-test
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DPITH_BUILD_TESTS=ON -DPITH_BUILD_BENCH=ON

build-test: configure-test
	cmake --build $(BUILD) -j $(JOBS)

# scripts/python-path.sh: `import pith` works after either, without PYTHONPATH.
run: build
	./scripts/python-path.sh $(BUILD)
	./$(BUILD)/pith $(SAMPLE)

test: build-test
	./scripts/python-path.sh $(BUILD)
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# extract() from several threads under ThreadSanitizer (its own build folder).
TSAN_BUILD ?= build-tsan
tsan: deps-test
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_TSAN=ON -DPITH_BUILD_BENCH=OFF
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target pith_threads
	ctest --test-dir $(TSAN_BUILD) -R '^threads$$' --output-on-failure

# Every test, the fixtures and the dev set (../shared/eval/dev, when present)
# under AddressSanitizer + UndefinedBehaviorSanitizer (its own build folder).
ASAN_BUILD ?= build-asan
test-sanitize: deps-test
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_SANITIZE=ON -DPITH_BUILD_BENCH=OFF
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

# The unit tests and the fixtures with the portable fallbacks compiled instead
# of the SSE2 paths (-DPITH_SCALAR=ON, its own build folder).
SCALAR_BUILD ?= build-scalar
test-scalar: deps-test
	cmake -S . -B $(SCALAR_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_SCALAR=ON -DPITH_BUILD_BENCH=OFF \
	  -DPITH_PYTHON=OFF
	cmake --build $(SCALAR_BUILD) -j $(JOBS) --target pith_unit pith_cli
	ctest --test-dir $(SCALAR_BUILD) -R '^(unit|fixtures)$$' --output-on-failure

# The adversarial corpus at full size (a 100 MB page, a million nested divs...):
# outcome, wall time and peak memory per case, as a markdown table (README).
hostile: build-test
	PITH_HOSTILE_FULL=1 ./tests/hostile/hostile_test.sh ./$(BUILD)/pith --markdown $(BUILD)/hostile.md
	@echo "table: $(BUILD)/hostile.md"

# libFuzzer targets (clang; fuzz/README.md):
#   make fuzz TARGET=fuzz_extract SECONDS=600   one target for a while
#   make fuzz-ci                                 each target for FUZZ_CI_SECONDS
FUZZ_BUILD ?= build-fuzz
TARGET ?= fuzz_extract
SECONDS ?= 60
FUZZ_CI_SECONDS ?= 60
fuzz-build: deps-test
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

bench: build-test
	./bench/run.sh

# The output-identity check (bench/identity.sh): every dev page in every output
# mode, one file each under $(BUILD)/identity; TRAIN=1 adds the training pages,
# BASE=DIR compares byte for byte with the folder of an earlier run.
identity: deps
	BUILD_DIR=$(BUILD) ./bench/identity.sh $(if $(TRAIN),--train) $(if $(BASE),--base $(BASE))

# The CLI, libpith, its headers, CMake and pkg-config files and the man page
# under PREFIX, stripped; and, when the Python module was built, the module
# into the site-packages of the interpreter it was built for (INSTALL_PYTHON=no
# leaves it out; -DPITH_PYTHON_INSTALL_DIR=... at configure time moves it).
INSTALL_PYTHON ?= yes
install: build
	cmake --install $(BUILD) --prefix $(PREFIX) --strip
	@if [ "$(INSTALL_PYTHON)" = yes ] && [ -d "$(BUILD)/python/pith" ]; then \
	  cmake --install $(BUILD) --component python --strip; \
	fi

clean:
	rm -rf $(BUILD)
