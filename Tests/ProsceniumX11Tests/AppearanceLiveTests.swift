import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// The demo following the desktop's theme live through XSETTINGS, as a user switching GNOME's style
/// sees it: the window redraws dark or light within a frame or two, the home screen's
/// `traitCollectionDidChange` runs once per change (its `appearance` events), and what is not a change
/// (the same style again, a malformed blob while light) changes nothing.
@MainActor @Suite("Appearance, live", .serialized)
struct AppearanceLiveTests {
    private static let light = XSettings(values: ["Net/ThemeName": .string("Adwaita")])
    private static let dark = XSettings(values: ["Net/ThemeName": .string("Adwaita-dark")])

    private func withDemo(manager settings: XSettings?, environment: [String: String?] = [:],
                          _ body: @MainActor (DemoProcess, Display, CX11.Window, String) async throws -> Void) async throws {
        try await withPrivateXvfb(width: 640, height: 480) { server in
            let manager = settings.flatMap { SettingsManagerDouble(displayName: server.displayName, settings: $0) }
            _ = manager
            var environment = environment
            environment["DISPLAY"] = server.displayName
            if environment["PROSCENIUM_APPEARANCE"] == nil { environment.updateValue(nil, forKey: "PROSCENIUM_APPEARANCE") }
            let demo = try DemoProcess(arguments: ["--size", "640x480", "--log-events"], environment: environment)
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let display = try Display(name: server.displayName)
            try await body(demo, display, CX11.Window(window), server.displayName)
            await demo.stop()
        }
    }

    /// The home screen's background, under its buttons.
    private func background(of window: CX11.Window, on display: Display) -> [Int]? {
        (try? ScreenCapture.capture(display: display.pointer, drawable: window, width: 640, height: 480))?.rgba(320, 400)
    }

    private func styles(_ demo: DemoProcess) -> [String] {
        demo.events("appearance").compactMap { $0["value"] as? String }
    }

    @Test("switching the theme live: one appearance event per change, the pixels follow")
    func followsTheThemeLive() async throws {
        try await withDemo(manager: Self.light) { demo, display, window, displayName in
            try await waitUntil("the light home screen") { background(of: window, on: display) == [242, 242, 247, 255] }
            let manager = try #require(SettingsManagerDouble(displayName: displayName, settings: Self.light))
            manager.publish(Self.dark)
            try await waitUntil("dark") { styles(demo) == ["dark"] }
            try await waitUntil("the dark home screen") { background(of: window, on: display) == [0, 0, 0, 255] }
            // Another way of saying dark is no change.
            manager.publish(XSettings(values: ["Net/ThemeName": .string("Adwaita"), "Gtk/ApplicationPreferDarkTheme": .integer(1)]))
            manager.publish(Self.light)
            try await waitUntil("light again") { styles(demo) == ["dark", "light"] }
            try await waitUntil("the light home screen again") { background(of: window, on: display) == [242, 242, 247, 255] }
            // A hostile MANAGER message (an atom with the top bit set, sign-extended by Xlib) changes nothing.
            manager.announce(selection: -1)
            manager.announce(selection: Int(Int32.min))
            try await Task.sleep(for: .milliseconds(100))
            #expect(demo.isRunning && styles(demo) == ["dark", "light"])
            // A malformed blob: one warning, and light it stays.
            manager.publish(bytes: [0, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0])
            try await waitUntil("the warning") { demo.errorOutput.contains("ignoring the desktop's XSETTINGS") }
            manager.publish(Self.dark)
            try await waitUntil("dark once more") { styles(demo) == ["dark", "light", "dark"] }
            // The manager exits: the defaults (light); another starts, dark.
            manager.quit()
            try await waitUntil("light without a manager") { styles(demo) == ["dark", "light", "dark", "light"] }
            let successor = try #require(SettingsManagerDouble(displayName: displayName, settings: Self.dark))
            try await waitUntil("the new manager's dark") { styles(demo) == ["dark", "light", "dark", "light", "dark"] }
            _ = successor
            try await Task.sleep(for: .milliseconds(200))
            #expect(styles(demo).count == 5, "\(styles(demo))")
        }
    }

    @Test("a manager already dark at start: the first frame is dark and no change is reported")
    func darkFromTheStart() async throws {
        try await withDemo(manager: Self.dark) { demo, display, window, _ in
            try await waitUntil("the dark home screen") { background(of: window, on: display) == [0, 0, 0, 255] }
            #expect(styles(demo).isEmpty)
        }
    }

    @Test("PROSCENIUM_APPEARANCE beats the desktop's theme; a bad value is named and the desktop decides",
          arguments: [("light", [242, 242, 247, 255], false), ("blue", [0, 0, 0, 255], true)])
    func theEnvironmentOverrides(value: String, expected: [Int], warns: Bool) async throws {
        try await withDemo(manager: Self.dark, environment: ["PROSCENIUM_APPEARANCE": value]) { demo, display, window, _ in
            try await waitUntil("the home screen") { background(of: window, on: display) == expected }
            #expect(demo.errorOutput.contains("PROSCENIUM_APPEARANCE=blue") == warns)
        }
    }
}
