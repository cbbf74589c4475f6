# The two commands of the README's quick start:
#   make run    install dependencies, build, extract the bundled sample page
#   make test   install dependencies, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SAMPLE ?= fixtures/gate-news-pt/page.html

.PHONY: all deps configure build run test tsan bench install clean

all: build

deps:
	./scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/pith $(SAMPLE)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# extract() from several threads under ThreadSanitizer (its own build folder).
TSAN_BUILD ?= build-tsan
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPITH_TSAN=ON -DPITH_BUILD_BENCH=OFF
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target pith_threads
	ctest --test-dir $(TSAN_BUILD) -R '^threads$$' --output-on-failure

bench: build
	./bench/run.sh

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD)
