import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// The window's title as window managers, pagers and taskbars read it: ICCCM's WM_NAME and WM_ICON_NAME in
/// the encoding their type names (Latin-1 STRING, or COMPOUND_TEXT for what Latin-1 cannot hold), EWMH's
/// _NET_WM_NAME and _NET_WM_ICON_NAME in UTF-8. Read back through a connection of the test's own.
@MainActor @Suite("Window titles")
struct WindowTitleTests {
    @Test("a title beyond Latin-1 is COMPOUND_TEXT in WM_NAME and WM_ICON_NAME and UTF-8 in the _NET_ names",
          arguments: ["Präsentation — Ж €", "日本語のウィンドウ 🎭"])
    func nonLatinTitle(title: String) async throws {
        let tester = try await Self.window(titled: title)
        defer { tester.stop() }
        // Properties are the server's: the app's own connection reads them as any other would.
        let dpy = tester.display.pointer, window = tester.host.xWindow

        for name in ["WM_NAME", "WM_ICON_NAME"] {
            let text = try #require(Self.textProperty(dpy, window, name), "\(name) is not set")
            #expect(text.type == XInternAtom(dpy, "COMPOUND_TEXT", 0), "\(name) has type \(Self.atomName(dpy, text.type))")
            #expect(text.decoded == title, "\(name) decodes to \(text.decoded ?? "nothing")")
        }
        #expect(WindowPropertyReader.string(dpy, window, "_NET_WM_NAME", type: "UTF8_STRING") == title)
        #expect(WindowPropertyReader.string(dpy, window, "_NET_WM_ICON_NAME", type: "UTF8_STRING") == title)
    }

    @Test("a Latin-1 title is STRING in WM_NAME, one byte per character, not UTF-8 bytes labelled Latin-1")
    func latin1Title() async throws {
        let title = "Präsentation à deux"
        let tester = try await Self.window(titled: title)
        defer { tester.stop() }
        // Properties are the server's: the app's own connection reads them as any other would.
        let dpy = tester.display.pointer, window = tester.host.xWindow

        for name in ["WM_NAME", "WM_ICON_NAME"] {
            let text = try #require(Self.textProperty(dpy, window, name))
            #expect(text.type == XA_STRING, "\(name) has type \(Self.atomName(dpy, text.type))")
            #expect(text.bytes == title.unicodeScalars.map { UInt8($0.value) }, "\(name) bytes \(text.bytes)")
            #expect(text.decoded == title)
        }
        #expect(WindowPropertyReader.string(dpy, window, "_NET_WM_NAME", type: "UTF8_STRING") == title)
    }

    @Test("xprop, in a UTF-8 locale, shows the title as written")
    func xpropShowsTheTitle() async throws {
        let title = "Präsentation — Ж €"
        let tester = try await Self.window(titled: title)
        defer { tester.stop() }
        let text = try await XClientTool.output(of: "xprop", ["-id", String(tester.host.xWindow), "WM_NAME", "_NET_WM_NAME"],
                                                environment: ["DISPLAY": tester.server.displayName, "LC_ALL": "C.UTF-8"])
        #expect(text.contains("WM_NAME(COMPOUND_TEXT) = \"\(title)\""), "\(text)")
        #expect(text.contains("_NET_WM_NAME(UTF8_STRING) = \"\(title)\""), "\(text)")
    }

    // MARK: - Helpers

    private static func window(titled title: String) async throws -> WindowTester {
        try await WindowTester.start(ViewController(), size: Size(width: 320, height: 240), title: title)
    }

    /// A text property's type, raw bytes, and its text as Xlib decodes it for its type.
    private static func textProperty(_ dpy: OpaquePointer, _ window: CX11.Window, _ name: String)
        -> (type: Atom, bytes: [UInt8], decoded: String?)? {
        var property = XTextProperty()
        guard XGetTextProperty(dpy, window, &property, XInternAtom(dpy, name, 0)) != 0, let value = property.value else { return nil }
        defer { XFree(value) }
        let bytes = Array(UnsafeBufferPointer(start: value, count: Int(property.nitems)))
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var count: Int32 = 0
        var decoded: String?
        if Xutf8TextPropertyToTextList(dpy, &property, &list, &count) == Success, let list, count > 0 {
            decoded = list[0].map { String(cString: $0) }
            XFreeStringList(list)
        }
        return (property.encoding, bytes, decoded)
    }

    private static func atomName(_ dpy: OpaquePointer, _ atom: Atom) -> String {
        guard let name = XGetAtomName(dpy, atom) else { return "\(atom)" }
        defer { XFree(name) }
        return String(cString: name)
    }
}
