import CX11
import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// Fonts are opened without subpixel coverage even where the desktop asks for it (`Xft.rgba`, which
/// GNOME and KDE set): glyphs drawn into a transparent layer would otherwise keep a green-only alpha and
/// show colour fringes once the layer is composited.
@MainActor @Suite("Fonts ignore Xft.rgba")
struct FontSubpixelTests {
    @Test func aDesktopAskingForRGBSubpixelsStillGetsGreyscaleGlyphs() async throws {
        let server = try await PrivateXvfb.start()
        defer { server.stop() }
        // What a desktop session leaves in the root window's resource database.
        let setter = try Display(name: server.displayName)
        let resources = "Xft.rgba:\trgb\nXft.antialias:\t1\n"
        resources.withCString { bytes in
            _ = bytes.withMemoryRebound(to: UInt8.self, capacity: resources.utf8.count) { pointer in
                XChangeProperty(setter.pointer, setter.rootWindow, XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace,
                                pointer, Int32(resources.utf8.count))
            }
        }
        setter.sync()

        let display = try Display(name: server.displayName)
        let fonts = XftFontCache(display: display)
        defer { fonts.close() }
        let font = try #require(fonts.font(for: Font(size: 15)))
        var rgba: Int32 = -1
        #expect(FcPatternGetInteger(font.pointee.pattern, FC_RGBA, 0, &rgba) == FcResultMatch)
        #expect(rgba == FC_RGBA_NONE, "subpixel order \(rgba); \(FC_RGBA_NONE) is none, \(FC_RGBA_RGB) rgb")
    }
}
