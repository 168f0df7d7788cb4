import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing

/// The desktop's light or dark preference from the XDG settings portal (`color-scheme`, which GNOME's
/// Dark Style switch sets): read at start, followed as it changes, and winning over the XSETTINGS theme.
@MainActor @Suite("The settings portal's colour scheme", .serialized)
struct SettingsPortalTests {
    /// A settings portal on a private bus, as xdg-desktop-portal serves it: `Read` answers a variant
    /// holding a variant holding the number, and `SettingChanged` announces a change.
    @MainActor final class FakePortal {
        let connection: DBusConnection
        var scheme: UInt32

        init?(address: String, scheme: UInt32) {
            guard let connection = DBusConnection(address: address), connection.requestName(SettingsPortal.service) else { return nil }
            self.connection = connection
            self.scheme = scheme
            connection.handler = { [unowned self] call in
                guard call.interface == SettingsPortal.interface, call.member == "Read",
                      call.arguments.string(0) == SettingsPortal.namespace, call.arguments.string(1) == SettingsPortal.key else {
                    return self.connection.replyError(to: call, "org.freedesktop.portal.Error.NotFound", "no such setting")
                }
                self.connection.reply(to: call) { writer in writer.variant("v") { $0.variant("u") { $0.uint32(self.scheme) } } }
            }
            connection.register(fallback: SettingsPortal.path, paths: [])
        }

        func announce(_ scheme: UInt32, namespace: String = SettingsPortal.namespace, key: String = SettingsPortal.key) {
            if namespace == SettingsPortal.namespace, key == SettingsPortal.key { self.scheme = scheme }
            connection.emit(path: SettingsPortal.path, interface: SettingsPortal.interface, member: "SettingChanged") { writer in
                writer.string(namespace)
                writer.string(key)
                writer.variant("u") { $0.uint32(scheme) }
            }
        }
    }

    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        // Generous: the fake portal answers on the main actor, which the other suites keep busy.
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            if Date() > deadline { Issue.record("timed out waiting until \(what)"); return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("the portal's preference is read at start and followed as it changes; other settings' changes are not it")
    func readAndFollowed() async throws {
        let bus = try await ScreenReaderBus.start()
        defer { bus.stop() }
        let fake = try #require(FakePortal(address: bus.address, scheme: 1))
        let portal = try #require(SettingsPortal(address: bus.address))
        var changes = 0
        portal.changed = { changes += 1 }
        try await waitUntil("the portal answers: prefer dark") { portal.preference == .dark }
        fake.announce(2)
        try await waitUntil("the switch to light is heard") { portal.preference == .light }
        fake.announce(1, key: "accent-color")
        fake.announce(0)
        try await waitUntil("no preference any more") { portal.preference == nil }
        #expect(changes == 3, "dark, light, none: the accent colour's change was not taken for the scheme")
    }

    @Test("with no portal on the bus, or no bus, there is no preference and the XSETTINGS theme decides")
    func noPortal() async throws {
        #expect(SettingsPortal(address: nil) == nil && SettingsPortal(address: "") == nil)
        let bus = try await ScreenReaderBus.start()
        defer { bus.stop() }
        let portal = try #require(SettingsPortal(address: bus.address))
        try await Task.sleep(for: .milliseconds(100))
        #expect(portal.preference == nil)
        var settings = XSettings(values: ["Net/ThemeName": .string("Adwaita-dark")])
        #expect(settings.userInterfaceStyle == .dark)
        settings.portalPreference = .light
        #expect(settings.userInterfaceStyle == .light, "the portal's explicit preference wins")
        settings = XSettings(values: ["Net/ThemeName": .string("Adwaita")])
        settings.portalPreference = .dark
        #expect(settings.userInterfaceStyle == .dark, "GNOME's Dark Style with the light theme still named")
    }

    @Test("a window following the desktop turns dark when the portal's preference does, and back")
    func aWindowFollowsThePortal() async throws {
        let bus = try await ScreenReaderBus.start()
        defer { bus.stop() }
        let fake = try #require(FakePortal(address: bus.address, scheme: 0))
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let watcher = XSettingsWatcher(display: fixture.display, portal: SettingsPortal(address: bus.address))
        var styles: [UserInterfaceStyle] = []
        let observation = watcher.observe { styles.append($0.userInterfaceStyle) }
        defer { watcher.stopObserving(observation) }
        #expect(watcher.settings.userInterfaceStyle == .light)
        fake.announce(1)
        try await waitUntil("the observers hear dark") { styles.last == .dark }
        fake.announce(2)
        try await waitUntil("and light again") { styles.last == .light }
        #expect(styles == [.dark, .light])
    }
}
