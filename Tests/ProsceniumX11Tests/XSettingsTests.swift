import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// Decoding the XSETTINGS wire format: both byte orders, the three value types, the theme rules, and
/// malformed blobs (truncated anywhere, lying counts, unknown types and byte orders, random damage)
/// refused with an error that says where, never a crash.
@MainActor @Suite("XSETTINGS")
struct XSettingsTests {
    private let sample = XSettings(serial: 42, values: [
        "Net/ThemeName": .string("Adwaita-dark"),
        "Gtk/ApplicationPreferDarkTheme": .integer(0),
        "Xft/DPI": .integer(98_304),
        "Gtk/Color": .color(red: 0xFFFF, green: 0x8000, blue: 0, alpha: 0xFFFF),
        "Net/IconThemeName": .string(""),
    ])

    @Test("a blob round-trips in either byte order", arguments: [false, true])
    func roundTrip(bigEndian: Bool) throws {
        let decoded = try XSettings(bytes: sample.encoded(bigEndian: bigEndian))
        #expect(decoded == sample)
    }

    /// A blob written out byte by byte as xsettingsd writes one (little-endian): the reader must not
    /// only agree with its own encoder.
    @Test func aHandWrittenBlob() throws {
        let bytes: [UInt8] = [
            0, 0, 0, 0,  7, 0, 0, 0,  1, 0, 0, 0,  // LSB first, serial 7, one setting
            1, 0, 13, 0,  // a string named with 13 bytes
        ] + Array("Net/ThemeName".utf8) + [0, 0, 0] + [  // padded to 16
            7, 0, 0, 0,  // last-change serial
            12, 0, 0, 0,  // 12 bytes of value
        ] + Array("Adwaita-dark".utf8)
        let settings = try XSettings(bytes: bytes)
        #expect(settings.serial == 7 && settings.values == ["Net/ThemeName": .string("Adwaita-dark")])
        #expect(settings.userInterfaceStyle == .dark)
    }

    @Test("the theme decides", arguments: [
        ("Adwaita", 0, UserInterfaceStyle.light), ("Adwaita-dark", 0, .dark), ("Yaru-Dark", 0, .dark),
        ("HighContrast", 0, .light), ("Adwaita", 1, .dark), ("darkness", 0, .light), ("Adwaita:dark", 0, .dark),
        ("Mint-Y-Dark-Aqua", 0, .dark), ("Arc-Dark-solid", 0, .dark), ("Materia-dark-compact", 0, .dark),
        ("Dark", 0, .dark), ("Darkly-Blue", 0, .light), ("Pop_dark", 0, .dark),
    ])
    func theme(name: String, prefersDark: Int32, style: UserInterfaceStyle) {
        let settings = XSettings(values: ["Net/ThemeName": .string(name), "Gtk/ApplicationPreferDarkTheme": .integer(prefersDark)])
        #expect(settings.userInterfaceStyle == style)
        #expect(XSettings().userInterfaceStyle == .light)
    }

    @Test func everyTruncationIsRefusedSayingWhere() throws {
        let bytes = sample.encoded()
        for length in 0..<bytes.count {
            #expect(throws: XSettings.FormatError.self) { try XSettings(bytes: Array(bytes.prefix(length))) }
        }
        do {
            _ = try XSettings(bytes: Array(bytes.prefix(10)))
        } catch {
            #expect(error.description.contains("truncated at byte 8"), "\(error.description)")
        }
    }

    @Test func lyingCountsUnknownTypesAndByteOrdersAreRefused() {
        var bytes = sample.encoded()
        bytes[8] = 0xFF; bytes[9] = 0xFF; bytes[10] = 0xFF; bytes[11] = 0x7F  // two billion settings
        #expect(throws: XSettings.FormatError.self) { try XSettings(bytes: bytes) }
        var unknownOrder = sample.encoded()
        unknownOrder[0] = 2
        #expect(throws: XSettings.FormatError(description: "unknown byte order 2")) { try XSettings(bytes: unknownOrder) }
        var unknownType = sample.encoded()
        unknownType[12] = 9
        #expect(throws: XSettings.FormatError.self) { try XSettings(bytes: unknownType) }
        // A string whose length runs past the end.
        let string = XSettings(values: ["A": .string("x")]).encoded()
        var long = string
        long[string.count - 8] = 0xFF; long[string.count - 7] = 0xFF; long[string.count - 6] = 0xFF; long[string.count - 5] = 0xFF
        #expect(throws: XSettings.FormatError.self) { try XSettings(bytes: long) }
    }

    @Test func randomDamageNeverCrashes() {
        var random = SeededGenerator(seed: 11)
        let original = sample.encoded()
        var refused = 0
        for _ in 0..<3000 {
            var bytes = original
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 1:
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            default:
                bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            do {
                let settings = try XSettings(bytes: bytes)
                _ = settings.userInterfaceStyle
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(refused > 1000, "most damage is caught: \(refused) of 3000")
    }
}
