# The two commands in README.md: `make demo` and `make test`. Both install missing Debian packages first.
.PHONY: demo test deps build bench clean

deps:
	@scripts/install-deps.sh

demo: deps
	swift build -c release --product proscenium-demo
	scripts/demo.sh

test: deps
	swift build --build-tests
	swift test --skip-build --disable-xctest

bench: deps
	swift build -c release --product proscenium-demo
	swift build -c release --product proscenium-bench
	.build/release/proscenium-bench

clean:
	rm -rf .build artifacts
