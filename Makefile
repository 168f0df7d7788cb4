# The two commands in README.md: `make demo` and `make test`. Both install missing Debian packages first.
.PHONY: demo test deps build bench screenshots clean

deps:
	@scripts/install-deps.sh

demo: deps
	swift build -c release --product proscenium-demo
	scripts/demo.sh

# The load tests (soak, input fuzz, resize storms) keep both cores busy for seconds: they run after the
# others, so the frame-pacing tests are not measured on a machine they saturate.
LOAD_TESTS = SoakTests|InputFuzzTests|ResizeStormTests

test: deps
	swift build --build-tests
	swift test --skip-build --disable-xctest --skip '$(LOAD_TESTS)'
	swift test --skip-build --disable-xctest --filter '$(LOAD_TESTS)'

bench: deps
	swift build -c release --product proscenium-demo
	swift build -c release --product proscenium-bench
	.build/release/proscenium-bench

# Each scene settled at 1280x800, rendered by the demo itself on virtual time, for the README.
screenshots: deps
	swift build -c release --product proscenium-demo
	mkdir -p Assets/screenshots
	for scene in $$(.build/release/proscenium-demo --list-scenes); do \
		.build/release/proscenium-demo --headless --scene $$scene --screenshot Assets/screenshots/$$scene.png || exit 1; \
	done

clean:
	rm -rf .build artifacts
