// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Proscenium",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Proscenium", targets: ["Proscenium"]),
        .library(name: "ProsceniumX11", targets: ["ProsceniumX11"]),
        .library(name: "ProsceniumTesting", targets: ["ProsceniumTesting"]),
        .executable(name: "proscenium-demo", targets: ["proscenium-demo"]),
        .executable(name: "proscenium-bench", targets: ["proscenium-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the DocC documentation of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // C modules: only ProsceniumX11 and TestSupport import them.
        .systemLibrary(
            name: "CX11", path: "Sources/CX11", pkgConfig: "xft",
            providers: [.apt(["libx11-dev", "libxrender-dev", "libxft-dev", "libxext-dev", "libxtst-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"])]),
        // libjpeg-turbo, for JPEG images.
        .systemLibrary(
            name: "CJPEG", path: "Sources/CJPEG",
            providers: [.apt(["libjpeg62-turbo-dev"])]),
        // libdbus's types, for serving the view tree to screen readers over AT-SPI: the library itself is
        // opened only when an accessibility bus answers (see scripts/generate-dbus-loader.py).
        .systemLibrary(name: "CDBus", path: "Sources/CDBus"),
        // X-Resource, for counting what a client holds in the server: tests and benchmarks only.
        .systemLibrary(
            name: "CXRes", path: "Sources/CXRes", pkgConfig: "xres",
            providers: [.apt(["libxres-dev"])]),

        // The core: geometry, views, events, animation, controllers, rendering model. No X11.
        .target(name: "Proscenium", path: "Sources/Proscenium"),

        // The X11 backend: window host, XRender renderer, Xft text, PNG, screenshots, run loop.
        .target(name: "ProsceniumX11", dependencies: ["Proscenium", "CX11", "CPNG", "CJPEG", "CDBus"], path: "Sources/ProsceniumX11"),

        // The demo's gallery of seed scenes and its home screen; the demo, the soak and tests drive it.
        .target(name: "ProsceniumGallery", dependencies: ["Proscenium", "ProsceniumX11"], path: "Sources/ProsceniumGallery"),

        .executableTarget(
            name: "proscenium-demo",
            dependencies: ["Proscenium", "ProsceniumX11", "ProsceniumGallery",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/proscenium-demo"),
        .executableTarget(
            name: "proscenium-bench",
            dependencies: ["Proscenium", "ProsceniumX11", "ProsceniumGallery", "TestSupport"],
            path: "Sources/proscenium-bench"),

        // For apps' own tests: a controller in a window on a private Xvfb, driven on virtual time, input
        // through XTest, screenshots and snapshot assertions.
        .target(name: "ProsceniumTesting", dependencies: ["Proscenium", "ProsceniumX11", "CX11"],
                path: "Sources/ProsceniumTesting"),

        // This project's own test infrastructure on top of it: the demo process, the soak, the input
        // fuzzer, openbox, CPU readings.
        .target(name: "TestSupport", dependencies: ["Proscenium", "ProsceniumX11", "ProsceniumGallery", "ProsceniumTesting",
                                                   "CX11", "CXRes", "CPNG"],
                path: "Sources/TestSupport"),

        // Examples a new user starts from: the README's first window, a presentation controller of one's
        // own, a bottom sheet over a screen that stays usable, a navigation stack whose screen's inspector
        // sheet leaves with it, a tab container of one's own running a stock animator, a sign-in form with
        // a password field. Each has a snapshot test in ExamplesTests.
        .executableTarget(name: "HelloCard", dependencies: ["Proscenium", "ProsceniumX11"], path: "Examples/HelloCard"),
        .executableTarget(name: "CustomPresentation", dependencies: ["Proscenium", "ProsceniumX11"],
                          path: "Examples/CustomPresentation"),
        .executableTarget(name: "PassthroughSheet", dependencies: ["Proscenium", "ProsceniumX11"],
                          path: "Examples/PassthroughSheet"),
        .executableTarget(name: "NavigationInspector", dependencies: ["Proscenium", "ProsceniumX11"],
                          path: "Examples/NavigationInspector"),
        .executableTarget(name: "Tabs", dependencies: ["Proscenium", "ProsceniumX11"], path: "Examples/Tabs"),
        .executableTarget(name: "SignIn", dependencies: ["Proscenium", "ProsceniumX11"], path: "Examples/SignIn"),

        .testTarget(name: "ProsceniumTests", dependencies: ["Proscenium"], path: "Tests/ProsceniumTests"),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["HelloCard", "CustomPresentation", "PassthroughSheet", "NavigationInspector", "Tabs", "SignIn", "Proscenium",
                           "ProsceniumX11",
                           "ProsceniumTesting", "CX11"],
            path: "Tests/ExamplesTests",
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "ProsceniumX11Tests",
            dependencies: ["Proscenium", "ProsceniumX11", "ProsceniumGallery", "ProsceniumTesting", "TestSupport", "CX11"],
            path: "Tests/ProsceniumX11Tests",
            exclude: ["__Snapshots__"],
            resources: [.copy("Goldens")]),
    ],
    swiftLanguageModes: [.v6]
)
