# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start on Debian 12 with the Swift toolchain:  make run  ·  make check

SWIFT ?= swift
PREFIX ?= /usr/local
BIN = $(shell $(SWIFT) build --show-bin-path)
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
XVFB = xvfb-run -a -s "-screen 0 1280x900x24 -nolisten tcp"
# A private session bus on which the desktop portals can't start (Tests/SessionBus/session.conf says why).
TEST_BUS = dbus-run-session --config-file="$(CURDIR)/Tests/SessionBus/session.conf" --

# Debian packages: what building and running needs (exiv2 through libgexiv2 for camera RAW and sidecars), and
# what the tests add (a headless X server, input synthesis, screenshots, libheif's and GStreamer's encoders for
# phone photos and videos, an AT-SPI client and Orca, the data validators, meson, and exiv2 and exiftool to read
# sidecars back).
RUN_PACKAGES = pkg-config libgtk-4-dev libadwaita-1-dev libgexiv2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev heif-gdk-pixbuf libsqlite3-dev libglib2.0-bin libglib2.0-dev-bin fonts-cantarell \
	adwaita-icon-theme dbus dbus-user-session gettext python3 $(VIDEO_PACKAGES)
# Videos: GStreamer for posters, GTK's GStreamer media backend to play them, and the demuxers and decoders of what
# phones and cameras record (MP4 and MOV, Matroska and WebM; H.264 and HEVC through libav).
VIDEO_PACKAGES = libgstreamer1.0-dev libgtk-4-media-gstreamer gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav
CHECK_PACKAGES = $(RUN_PACKAGES) xvfb xauth xdotool imagemagick libheif-examples gstreamer1.0-plugins-ugly x11-utils meson ninja-build \
	desktop-file-utils appstream shared-mime-info procps python3 python3-pyatspi at-spi2-core orca sqlite3 gettext locales exiv2 libimage-exiftool-perl \
	$(WAYLAND_PACKAGES)
# The Wayland leg: a headless compositor with real touch and touchpad input (mutter's RemoteDesktop, driven from
# Python's GIO bindings), PipeWire for its screen cast, GStreamer for screenshots, xkbcommon for key names.
WAYLAND_PACKAGES = mutter pipewire pipewire-bin wireplumber dbus-daemon gstreamer1.0-pipewire gstreamer1.0-tools \
	gstreamer1.0-plugins-base gstreamer1.0-plugins-good python3-gi libxkbcommon0
# Debian's Python, whose python3-gi the Wayland driver imports (not another python3 earlier in PATH).
PYTHON = /usr/bin/python3

# Installs whichever of the named packages are missing, with sudo when not root.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

.PHONY: all build run check test xctest-check check-lanes check-wayland-lane check-launch-bench check-bench-quick i18n-check data-check wayland-check fuzz fuzz-build fuzz-run fuzz-target install bench deps-run deps-check clean

all: build

deps-run:
	$(call apt_install,$(RUN_PACKAGES))

deps-check:
	$(call apt_install,$(CHECK_PACKAGES))

# The app finds its schema, its icons and its catalogues (po/, and the pseudo-locale en@pseudo made from the
# template) next to the binary when it is not installed system-wide: LANG=C.UTF-8 LANGUAGE=en@pseudo "$(BIN)/cardstack".
# `make check` builds the tests in the same command (BUILD_FLAGS=--build-tests), so that they compile while the
# app's last modules and links take one core.
BUILD_FLAGS ?=
build: deps-run
	$(SWIFT) build $(BUILD_FLAGS)
	@mkdir -p "$(BIN)/schemas"
	glib-compile-schemas --strict --targetdir="$(BIN)/schemas" data/
	glib-compile-resources --sourcedir=data/icons --target="$(BIN)/icons.gresource" data/icons/icons.gresource.xml
	$(PYTHON) po/i18n.py compile "$(BIN)/locale"

# Every file with messages in po/POTFILES.in, every message a plain literal, every catalogue through msgfmt -c.
i18n-check:
	$(PYTHON) po/i18n.py check

run: build
	"$(BIN)/cardstack"

# Every test headless: the unit and UI tests under Xvfb and a private D-Bus (mouse and keys through xdotool); then
# the app on a headless Wayland compositor with real touch and touchpad input beside the benchmark's parts that
# launch it; the fuzzers and the benchmark's page parts in the background throughout; then the data and install
# checks.
check: deps-check i18n-check
	@mkdir -p .build/check
	$(SWIFT) package resolve
	@# Three jobs at the lowest priority, in what the others leave idle; their output follows the lanes'. The
	@# fuzzers' AddressSanitizer build starts at once: the app's build leaves a core idle while its links run alone.
	@# The benchmark's page children and micro-benchmarks run beside the XCTest leg. The fuzzers themselves run
	@# (FUZZ_CHECK_SECONDS a target, two at a time) beside the lanes, which leave a core idle: beside the XCTest
	@# leg they got almost none. (Not in a session of their own: the kernel schedules each session as the equal of
	@# the others, whatever its nice value.)
	@nice -n 19 $(MAKE) --no-print-directory fuzz-build > .build/check/fuzz.log 2>&1 & fuzz=$$!; \
	$(MAKE) --no-print-directory build BUILD_FLAGS=--build-tests || { wait $$fuzz; exit 1; }; \
	nice -n 19 $(MAKE) --no-print-directory check-bench-quick > .build/check/bench-quick.log 2>&1 & bench=$$!; \
	$(MAKE) --no-print-directory xctest-check; tests=$$?; \
	wait $$fuzz; fuzzed=$$?; \
	if [ $$fuzzed -eq 0 ]; then nice -n 19 $(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=$(FUZZ_CHECK_SECONDS) \
		FUZZ_TIMEOUT=$(FUZZ_CHECK_TIMEOUT) FUZZ_JOBS=2 >> .build/check/fuzz.log 2>&1 & fuzz=$$!; fi; \
	lanes=1; test $$tests -eq 0 && { $(MAKE) --no-print-directory -j2 --output-sync=target check-lanes; lanes=$$?; }; \
	if [ $$fuzzed -eq 0 ]; then wait $$fuzz; fuzzed=$$?; fi; \
	wait $$bench; benched=$$?; \
	cat .build/check/fuzz.log .build/check/bench-quick.log; \
	test $$tests -eq 0 && test $$lanes -eq 0 && test $$fuzzed -eq 0 && test $$benched -eq 0
	$(MAKE) --no-print-directory data-check

# After the XCTest leg, two lanes at once, each printed when it ends: the Wayland leg, and the benchmark's parts
# that launch the app (opening, culling with its bursts, startup). Its quick mode checks that every benchmark runs
# (its figures, taken beside the other lane, are not the benchmark's: `make bench` measures alone).
check-lanes: check-wayland-lane check-launch-bench
check-wayland-lane:
	$(MAKE) --no-print-directory wayland-check
check-launch-bench:
	$(XVFB) $(TEST_BUS) "$(BIN)/cardstack-bench" --quick --skip-frames --skip-carousel --skip-piles --skip-sheets --skip-micro \
		--output bench-results/quick-launch.json
check-bench-quick:
	$(XVFB) $(TEST_BUS) "$(BIN)/cardstack-bench" --quick --skip-open --skip-culling --skip-startup

test: check

# The XCTest leg as three processes at once, each under its own Xvfb and bus: the UI tests mostly wait for the
# app, so three of them share the two cores. The first takes the app's test classes A to D, the second E to R, the
# third every other class (the app's S to Z and the unit tests), so a new class is never left out. The test bundle
# runs directly, as SwiftPM locks .build per command; each starts once the one before has taken its display number.
TEST_BUNDLE = $(BIN)/CardStackPackageTests.xctest
XCTEST_PARTS = '^CardStackAppTests\.[A-D]' '^CardStackAppTests\.[E-R]'
xctest-check:
	@classes=$$("$(TEST_BUNDLE)" --list-tests | grep -oE '^[A-Za-z]+\.[A-Za-z]+/' | tr -d / | sort -u); \
	[ -n "$$classes" ] || { echo "xctest: $(TEST_BUNDLE) listed no tests"; exit 1; }; \
	mkdir -p .build/check; rm -f .build/check/part-*.log; \
	echo "xctest: $$(echo "$$classes" | wc -l) classes in three processes; their output follows when all end"; \
	rest="$$classes"; part=0; pids=""; \
	for pattern in $(XCTEST_PARTS) ''; do \
		part=$$((part + 1)); \
		if [ -n "$$pattern" ]; then selected=$$(echo "$$rest" | grep -E "$$pattern"); rest=$$(echo "$$rest" | grep -vE "$$pattern"); \
		else selected="$$rest"; fi; \
		[ -n "$$selected" ] || { echo "xctest: no class in part $$part"; exit 1; }; \
		G_DEBUG=fatal-criticals $(XVFB) $(TEST_BUS) "$(TEST_BUNDLE)" "$$(echo "$$selected" | paste -sd, -)" \
			> .build/check/part-$$part.log 2>&1 & pids="$$pids $$!"; \
		[ -n "$$pattern" ] && sleep 3; \
	done; \
	failed=""; part=0; \
	for pid in $$pids; do part=$$((part + 1)); wait $$pid || failed="$$failed $$part"; done; \
	cat .build/check/part-*.log; \
	if [ -n "$$failed" ]; then echo "xctest: part(s)$$failed of three failed"; exit 1; fi; \
	echo "xctest: all three parts passed"

# Tests/Wayland: its own compositor, bus and PipeWire per test class; screenshots in .build/wayland-screenshots.
wayland-check:
	CARDSTACK_BINARY="$(BIN)/cardstack" CARDSTACK_WAYLAND_REQUIRED=1 G_DEBUG=fatal-criticals \
		$(PYTHON) -m unittest discover --start-directory Tests/Wayland --pattern 'test_*.py' --verbose

# The deck readers under libFuzzer with AddressSanitizer (Sources/CardStackFuzz): each target runs FUZZ_SECONDS
# from the seeds in Tests/Fuzz/<target> plus what earlier runs found (.build-fuzz/corpus); a crash stops the run
# and leaves its input in .build-fuzz/crashes/ (replay it with the plain build: CardStackFuzz FILE).
FUZZ_SCRATCH = .build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_CHECK_SECONDS = 10
# libFuzzer's hang limit for one input (s). In make check the fuzzers run at the lowest priority beside other
# work, where the video target's first input (GStreamer loading its plugins) can take longer than alone.
FUZZ_TIMEOUT ?= 10
FUZZ_CHECK_TIMEOUT = 30
FUZZ_TARGETS = deck sources folder raw sidecar exif look video
# libFuzzer without its main (SwiftPM names the entry point itself), from the Swift toolchain's clang runtime.
FUZZER_LIBRARY = $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))

# GStreamer's libraries are built without frame pointers: the video target unwinds each allocation the slow way,
# so that a leak made as a library loads (leaks.supp) is told by its whole stack from one of ours.
SLOW_UNWIND = :fast_unwind_on_malloc=0

fuzz:
	@$(MAKE) --no-print-directory fuzz-build
	@$(MAKE) --no-print-directory fuzz-run

fuzz-build:
	@test -n "$(FUZZER_LIBRARY)" || { echo "fuzz: the Swift toolchain has no libclang_rt.fuzzer_no_main"; exit 1; }
	@mkdir -p $(FUZZ_SCRATCH)
	@echo "fuzz: building the readers with libFuzzer and AddressSanitizer"
	@# The linker's warnings about ASan's local symbols are noise; the log is shown when the build fails.
	@$(SWIFT) build --product CardStackFuzz --scratch-path $(FUZZ_SCRATCH) -Xswiftc -DFUZZING -Xswiftc -sanitize=address \
		-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xlinker $(FUZZER_LIBRARY) -Xlinker -lstdc++ \
		> $(FUZZ_SCRATCH)/build.log 2>&1 || { tail -40 $(FUZZ_SCRATCH)/build.log; echo "fuzz: the build failed"; exit 1; }

# The targets, FUZZ_JOBS at a time (make check runs two, in the core its lanes leave idle); a target that fails
# says so and the others still run.
FUZZ_JOBS ?= 1
fuzz-run:
	@mkdir -p $(FUZZ_SCRATCH)/crashes
	@printf '%s\n' $(FUZZ_TARGETS) | xargs -P $(FUZZ_JOBS) -I{} $(MAKE) --no-print-directory fuzz-target FUZZ_TARGET={}

fuzz-target:
	@mkdir -p $(FUZZ_SCRATCH)/corpus/$(FUZZ_TARGET)
	@CARDSTACK_FUZZ_TARGET=$(FUZZ_TARGET) LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Fuzz/leaks.supp$(if $(filter video,$(FUZZ_TARGET)),$(SLOW_UNWIND)) \
		"$$($(SWIFT) build --scratch-path $(FUZZ_SCRATCH) --show-bin-path)/CardStackFuzz" \
		-max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix=$(FUZZ_SCRATCH)/crashes/$(FUZZ_TARGET)- $(FUZZ_SCRATCH)/corpus/$(FUZZ_TARGET) Tests/Fuzz/$(FUZZ_TARGET) \
		> $(FUZZ_SCRATCH)/$(FUZZ_TARGET).log 2>&1; \
	status=$$?; \
	echo "fuzz: $(FUZZ_TARGET), $(FUZZ_SECONDS) s: $$(grep -E '^stat::number_of_executed_units' $(FUZZ_SCRATCH)/$(FUZZ_TARGET).log | grep -oE '[0-9]+$$') inputs, corpus $$(ls $(FUZZ_SCRATCH)/corpus/$(FUZZ_TARGET) | wc -l) files"; \
	if [ $$status -ne 0 ]; then grep -A30 -E '==[0-9]+==ERROR|Fatal error|deadly signal' $(FUZZ_SCRATCH)/$(FUZZ_TARGET).log | head -60; \
		echo "fuzz: $(FUZZ_TARGET) failed; the input is in $(FUZZ_SCRATCH)/crashes/"; exit 1; fi

# The install is tested with the debug build already made (`prebuilt_binary`): a release build here would be
# the check's third build of the same sources. `make install` builds in release mode.
data-check:
	rm -rf .build-meson .build-meson-destdir
	meson setup --prefix=/usr -Dprebuilt_binary="$(BIN)/cardstack" .build-meson meson-wrap >/dev/null
	meson test -C .build-meson --print-errorlogs
	DESTDIR="$(CURDIR)/.build-meson-destdir" meson install -C .build-meson --quiet
	test -x .build-meson-destdir/usr/bin/cardstack
	test -f .build-meson-destdir/usr/share/applications/io.github.cardstack.CardStack.desktop
	test -f .build-meson-destdir/usr/share/cardstack/decks/sample.json
	grep -qx 'Exec=/usr/bin/cardstack --gapplication-service' .build-meson-destdir/usr/share/dbus-1/services/io.github.cardstack.CardStack.service
	@# What the desktop offers CardStack for, as GIO answers Files' "Open With" from the installed files: the
	@# caches meson's post-install step makes outside a DESTDIR, and the app on the PATH, as GIO lists no other.
	update-mime-database .build-meson-destdir/usr/share/mime
	update-desktop-database .build-meson-destdir/usr/share/applications
	for type in application/json text/csv application/x-ndjson text/markdown text/plain inode/directory x-content/image-dcf; do \
		PATH="$(CURDIR)/.build-meson-destdir/usr/bin:$$PATH" XDG_DATA_DIRS="$(CURDIR)/.build-meson-destdir/usr/share:/usr/share" \
			XDG_DATA_HOME=/nonexistent gio mime $$type \
			| grep -q io.github.cardstack.CardStack.desktop || { echo "data-check: gio mime $$type does not offer CardStack"; exit 1; }; \
	done
	printf '{}\n' > .build-meson-destdir/records.jsonl
	XDG_DATA_DIRS="$(CURDIR)/.build-meson-destdir/usr/share:/usr/share" gio info -a standard::content-type .build-meson-destdir/records.jsonl \
		| grep -q 'application/x-ndjson' || { echo "data-check: a .jsonl file is not application/x-ndjson"; exit 1; }
	@echo "data-check: meson tests and a DESTDIR install passed; gio mime offers CardStack for every type it opens"

# The benchmark (docs/performance.md): release build in its own scratch folder, under Xvfb when there is no
# display; prints a table and writes bench-results/latest.json. Pass options with BENCH_ARGS="--repeats 3".
BENCH_SCRATCH = .build-bench
# Built as meson installs it: release, the Swift runtime and Foundation linked in (meson-wrap/swiftpm-build.py).
BENCH_BUILD = $(SWIFT) build -c release --static-swift-stdlib --scratch-path $(BENCH_SCRATCH)
BENCH_BIN = $(shell $(BENCH_BUILD) --show-bin-path)
BENCH_XVFB = xvfb-run -a -s "-screen 0 1920x1080x24 -nolisten tcp"
BENCH_ARGS ?=
# The photo viewers the culling part measures CardStack beside: for the benchmark only, never for the app.
BENCH_PACKAGES = geeqie eog mutter

bench: deps-check
	$(call apt_install,$(BENCH_PACKAGES))
	$(BENCH_BUILD) --product cardstack
	$(BENCH_BUILD) --product cardstack-bench
	$(BENCH_BUILD) --product cardstack-bare-window
	@mkdir -p "$(BENCH_BIN)/schemas"
	glib-compile-schemas --strict --targetdir="$(BENCH_BIN)/schemas" data/
	glib-compile-resources --sourcedir=data/icons --target="$(BENCH_BIN)/icons.gresource" data/icons/icons.gresource.xml
	@if [ -n "$$DISPLAY" ]; then $(TEST_BUS) "$(BENCH_BIN)/cardstack-bench" $(BENCH_ARGS); \
	else $(BENCH_XVFB) $(TEST_BUS) "$(BENCH_BIN)/cardstack-bench" $(BENCH_ARGS); fi

install: deps-check
	meson setup --prefix="$(PREFIX)" .build-meson-install meson-wrap
	$(SUDO) meson install -C .build-meson-install

clean:
	rm -rf .build .build-meson .build-meson-destdir .build-meson-install .build-fuzz
