#!/usr/bin/env bash
# A new user's path, as the "Getting started" article tells it: a package of their own that depends on
# Proscenium by path, the HelloCard example copied into it, a snapshot test written with ProsceniumTesting.
# `swift test` with no display records the snapshot and fails saying so, then passes, and a changed colour
# fails with a diff. Run by CI after the tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/proscenium-new-user.XXXXXX")
trap 'rm -rf "$work"' EXIT
app="$work/MyApp"
# A path dependency is known by its folder's name.
identity=$(basename "$root")
mkdir -p "$app/Sources/MyApp" "$app/Tests/MyAppTests"

cat > "$app/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyApp",
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(name: "MyApp", dependencies: [
            .product(name: "Proscenium", package: "$identity"),
            .product(name: "ProsceniumX11", package: "$identity"),
        ]),
        .testTarget(name: "MyAppTests", dependencies: [
            "MyApp", .product(name: "ProsceniumTesting", package: "$identity"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
cp "$root/Examples/HelloCard/HelloCard.swift" "$app/Sources/MyApp/MyApp.swift"
mkdir -p "$app/Tests/MyAppTests/__Snapshots__"
cat > "$app/Tests/MyAppTests/MyAppTests.swift" <<'EOF'
@testable import MyApp
import Proscenium
import ProsceniumTesting
import Testing

@MainActor @Test func theCardSpringsToTheClick() async throws {
    let tester = try await WindowTester.start(HelloController(), size: Size(width: 640, height: 480))
    defer { tester.stop() }
    try tester.tap(at: Point(x: 400, y: 300))
    await tester.settle()
    try await assertSnapshot(of: tester, named: "card-moved")
}
EOF

cd "$app"
unset DISPLAY
step() { echo "new-user walkthrough: $*"; }
step "first run: the snapshot is recorded and the test fails saying so"
if swift test > first.log 2>&1; then cat first.log; echo "expected the first run to fail" >&2; exit 1; fi
grep -q "no snapshot was recorded yet" first.log || { cat first.log; exit 1; }
test -f Tests/MyAppTests/__Snapshots__/MyAppTests/card-moved.png
step "second run: it passes"
swift test > second.log 2>&1 || { cat second.log; exit 1; }
step "a changed colour fails with a diff"
sed -i 's/card.backgroundColor = .systemBlue/card.backgroundColor = Color(hex: 0xFF3B30)/' Sources/MyApp/MyApp.swift
if swift test > third.log 2>&1; then cat third.log; echo "expected the changed colour to fail" >&2; exit 1; fi
grep -q "mismatched pixels" third.log || { cat third.log; exit 1; }
step "passed"
