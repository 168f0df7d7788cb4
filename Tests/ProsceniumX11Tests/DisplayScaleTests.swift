import Proscenium
import ProsceniumX11
import Testing

/// Where the scale comes from: an override, PROSCENIUM_SCALE, Xft.dpi / 96, then 1; bad values skipped
/// with one warning each that names them.
@MainActor @Suite("Display scale", .serialized)
struct DisplayScaleTests {
    /// Runs `body` with warnings collected instead of printed.
    private func collectingWarnings(_ body: () -> Void) -> [String] {
        let saved = Warnings.handler
        var warnings: [String] = []
        Warnings.handler = { warnings.append($0) }
        body()
        Warnings.handler = saved
        return warnings
    }

    @Test("Xft.dpi over 96", arguments: [(96.0, 1.0), (120, 1.25), (144, 1.5), (192, 2), (288, 3)])
    func fromXftDPI(dpi: Double, scale: Double) {
        let resources = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t\(Int(dpi))\nXft.rgba:\trgb\n"
        let resolved = DisplayScale.resolve(environment: nil, resources: resources)
        #expect(resolved.scale == scale && resolved.source == .xftDPI)
    }

    @Test func theLastDefinitionWinsAsXrdbMergeLeavesIt() {
        #expect(DisplayScale.xftDPI(in: "Xft.dpi: 96\nXft.dpi:  192 \n") == "192")
        #expect(DisplayScale.xftDPI(in: "*.foreground: black\n") == nil)
    }

    @Test func theOverrideBeatsTheEnvironmentWhichBeatsXftDPI() {
        let resources = "Xft.dpi:\t144\n"
        #expect(DisplayScale.resolve(override: 2, environment: "1.25", resources: resources) == (2, .override))
        #expect(DisplayScale.resolve(environment: "1.25", resources: resources) == (1.25, .environment))
        #expect(DisplayScale.resolve(environment: nil, resources: nil) == (1, .fallback))
    }

    @Test("a bad value is skipped with one warning naming it, and the next source decides",
          arguments: ["0", "-1", "abc", "9", "nan", "inf", ""])
    func badEnvironmentValues(value: String) {
        var resolved: (scale: Double, source: DisplayScale.Source) = (0, .fallback)
        let warnings = collectingWarnings {
            resolved = DisplayScale.resolve(environment: value, resources: "Xft.dpi: 192\n")
        }
        #expect(resolved == (2, .xftDPI))
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("PROSCENIUM_SCALE=\(value)") == true)
    }

    @Test("a bad Xft.dpi falls back to 1 with a warning", arguments: ["0", "-96", "huge", "1000"])
    func badXftDPI(value: String) {
        var resolved: (scale: Double, source: DisplayScale.Source) = (0, .xftDPI)
        let warnings = collectingWarnings { resolved = DisplayScale.resolve(environment: nil, resources: "Xft.dpi:\t\(value)\n") }
        #expect(resolved == (1, .fallback))
        #expect(warnings == ["ignoring Xft.dpi: \(value): it must be a number of dots per inch above 0 and at most 768"])
    }
}
