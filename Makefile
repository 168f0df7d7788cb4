# The two commands in README.md: `make demo` and `make test`. Both install missing Debian packages first.
.PHONY: demo test deps build bench screenshots docs clean

deps:
	@scripts/install-deps.sh

# Release builds link the Swift runtime statically, so only the code the demo uses is mapped, and, where
# the toolchain ships lld (scripts/release-flags.sh), with the functions the demo runs laid out side by
# side (scripts/release-symbol-order.txt) and, where glibc allows, their relative relocations packed: the
# demo's peak memory is a few megabytes lower. One set of flags for all products, so `make bench` builds the demo it measures the same
# way; expanded when a recipe runs, after `deps` installed Swift.
RELEASE = swift build -c release --static-swift-stdlib $(shell scripts/release-flags.sh)

demo: deps
	$(RELEASE) --product proscenium-demo
	scripts/demo.sh

# Four runs: first the frame clock's own tests alone (they time 60 Hz ticks on the main thread, which any
# other suite's work would delay); then the other tests that hold real-time bounds (exit within a second of
# losing the X server, an animation timed from a click, a completion on time while unmapped, the input
# method opened after a 50 ms quiet spell, a killed server gone within a second, xclip answered by the
# window within its wait, a fake settings portal answering on the main actor, a fling paced by the X
# server's timestamps) by themselves, because on
# two cores shared with dozens of Xvfb-backed tests their waits wake late and the main actor they run
# frames on is busy with other tests' work, and with them the text measurer's test, which reads the
# process's latest display (a 2x window another suite opens meanwhile would change it); then everything else; then the load tests (soak, input fuzz,
# resize storms), which keep both cores busy for seconds.
CLOCK_TESTS = DispatchFrameClockTests
TIMING_TESTS = FaultTests|TextMeasurerTests|LiveRunLoopTests|WindowLifecycleTests|WindowVisibilityTests|InputMethodTimingTests|PrivateXvfbTests|SelectionPasteboardTests|ClipboardKeepingTests|SettingsPortalTests|ScrollDemoTests
LOAD_TESTS = SoakTests|InputFuzzTests|ResizeStormTests

test: deps
	swift build --build-tests
	swift test --skip-build --disable-xctest --filter '$(CLOCK_TESTS)'
	swift test --skip-build --disable-xctest --filter '$(TIMING_TESTS)'
	swift test --skip-build --disable-xctest --skip '$(CLOCK_TESTS)|$(TIMING_TESTS)|$(LOAD_TESTS)'
	swift test --skip-build --disable-xctest --filter '$(LOAD_TESTS)'

bench: deps
	$(RELEASE)
	.build/release/proscenium-bench

# Each scene settled at 1280x800, bouncy at 640x480 points on a 2x screen, the sheet's list handing a drag up
# to the sheet and the list mid-fling, rendered by the demo itself on virtual time, for the README.
screenshots: deps
	$(RELEASE) --product proscenium-demo
	mkdir -p Assets/screenshots
	for scene in $$(.build/release/proscenium-demo --list-scenes); do \
		.build/release/proscenium-demo --headless --scene $$scene --screenshot Assets/screenshots/$$scene.png || exit 1; \
	done
	.build/release/proscenium-demo --headless --scene sheet --size 600x800 --drag 300,700:300,100 --input-at 0.8 --at 1.0 \
		--screenshot Assets/screenshots/sheet-hand-over.png
	.build/release/proscenium-demo --headless --scene list --size 800x600 --drag 400,550:400,250 --input-at 0.8 --at 0.95 \
		--screenshot Assets/screenshots/list-fling.png
	.build/release/proscenium-demo --headless --scene navigation --click 640,66 --input-at 0.8 --at 0.87 \
		--screenshot Assets/screenshots/navigation-push.png
	.build/release/proscenium-demo --headless --scene action-sheet --size 600x800 --screenshot Assets/screenshots/action-sheet-600x800.png
	.build/release/proscenium-demo --headless --appearance dark --scene controls --screenshot Assets/screenshots/controls-dark.png
	.build/release/proscenium-demo --headless --appearance dark --scene sheet --size 600x800 --screenshot Assets/screenshots/sheet-dark-600x800.png
	.build/release/proscenium-demo --headless --appearance dark --scene alert --screenshot Assets/screenshots/alert-dark.png

# The DocC documentation of Proscenium, ProsceniumX11 and ProsceniumTesting as one static site in .build/docs;
# a warning (a symbol link that does not resolve, say) is an error, and so is a public symbol without a
# documentation comment or with one whose summary says nothing (scripts/check-doc-coverage.sh).
docs: deps
	swift package --disable-sandbox generate-documentation --target Proscenium --target ProsceniumX11 \
		--target ProsceniumTesting --enable-experimental-combined-documentation --warnings-as-errors \
		--transform-for-static-hosting --output-path .build/docs
	scripts/check-doc-coverage.sh

clean:
	rm -rf .build artifacts
