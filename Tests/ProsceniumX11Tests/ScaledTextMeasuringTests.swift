import Proscenium
import ProsceniumTesting
@testable import ProsceniumX11
import Testing
import TestSupport

/// Text in a window drawn at 2x or 1.5x is measured as the renderer draws it: with the font at its device
/// size, whose hinted advances are not the 1x ones times the scale (a sentence at 17 points is 13 device
/// pixels wider at 34 pixels than twice its 1x width). Carets, alignment and truncation land where the
/// glyphs are.
@MainActor @Suite("Scaled text measuring", .serialized)
struct ScaledTextMeasuringTests {
    static let sentence = "The quick brown fox jumps over the lazy dog"

    @Test("at 2x a field's caret after a sentence stands where Xft puts its end at 34 pixels, and a scale change re-measures")
    func caretFollowsDeviceAdvances() async throws {
        let controller = ViewController()
        controller.view.backgroundColor = .white
        let field = TextField(text: Self.sentence, frame: Rect(x: 10, y: 10, width: 600, height: 36))
        controller.view.addSubview(field)
        let label = Label()
        label.text = Self.sentence
        controller.view.addSubview(label)
        let tester = try await WindowTester.start(controller, size: Size(width: 640, height: 120), scale: 2)
        defer { tester.stop() }
        let xft = tester.display.textMeasurer
        var deviceFont = field.font
        deviceFont.size *= 2
        let device = xft.width(of: Self.sentence, font: deviceFont) / 2
        let magnified = xft.width(of: Self.sentence, font: field.font)
        #expect(abs(device - magnified) >= 2, "the test needs a sentence whose 2x width is not twice its 1x one: \(device) against \(magnified)")

        let count = Self.sentence.count
        let advance = field.caretRect(forOffset: count).minX - field.caretRect(forOffset: 0).minX
        #expect(abs(advance - device) <= 0.5, "the caret moved \(advance) points; the text drawn is \(device)")
        #expect(label.intrinsicContentSize.width.rounded(.up) == device.rounded(.up))
        #expect(tester.host.textMeasurer === tester.display.textMeasurer(forScale: 2), "one measurer per scale")

        // The desktop's scale goes to 1: measured again, at 1x.
        tester.host.setScale(1)
        tester.frame()
        let atOne = field.caretRect(forOffset: count).minX - field.caretRect(forOffset: 0).minX
        #expect(abs(atOne - magnified) <= 0.5, "at 1x the caret moved \(atOne) points; the text drawn is \(magnified)")
        #expect(label.intrinsicContentSize.width.rounded(.up) == magnified.rounded(.up))
        #expect(tester.host.textMeasurer === tester.display.textMeasurer)
    }

    @Test("a centred label at 1.5x sits in the middle of its bounds as drawn: its line starts half the drawn width's slack in")
    func centredLineAtDeviceWidth() async throws {
        let controller = ViewController()
        let label = Label()
        label.text = Self.sentence
        label.textAlignment = .center
        label.frame = Rect(x: 0, y: 0, width: 600, height: 30)
        controller.view.addSubview(label)
        let tester = try await WindowTester.start(controller, size: Size(width: 640, height: 120), scale: 1.5)
        defer { tester.stop() }
        var deviceFont = label.font
        deviceFont.size *= 1.5
        let drawn = tester.display.textMeasurer.width(of: Self.sentence, font: deviceFont) / 1.5
        let line = try #require(label.layout(forWidth: 600).lines.first)
        #expect(abs(line.width - drawn) < 0.01)
        #expect(abs(line.x - (600 - drawn) / 2) <= 0.5, "line at \(line.x), drawn width \(drawn)")
    }

    @Test("at 1.5x every caret position of a field is on a whole device pixel")
    func caretOnDevicePixels() async throws {
        let controller = ViewController()
        let field = TextField(text: "Quarterly report, revised", frame: Rect(x: 10, y: 10, width: 400, height: 36))
        controller.view.addSubview(field)
        let tester = try await WindowTester.start(controller, size: Size(width: 640, height: 120), scale: 1.5)
        defer { tester.stop() }
        var offPixel: [Int] = []
        for offset in 0...field.text.count {
            let x = field.caretRect(forOffset: offset).minX * 1.5
            if abs(x - x.rounded()) > 1e-9 { offPixel.append(offset) }
        }
        #expect(offPixel.isEmpty, "carets between device pixels at offsets \(offPixel)")
        let halves = (0...field.text.count).filter { field.caretRect(forOffset: $0).minX != field.caretRect(forOffset: $0).minX.rounded() }
        #expect(!halves.isEmpty, "some carets fall between whole points, as the text does at 1.5x")
    }

    @Test("a label sized before it joins a 2x window is sized as the window measures it, and keeps all its text")
    func sizedOutsideTheWindow() async throws {
        let controller = ViewController()
        let tester = try await WindowTester.start(controller, size: Size(width: 640, height: 120), scale: 2)
        defer { tester.stop() }
        let label = Label()
        label.text = Self.sentence
        label.sizeToFit()
        var deviceFont = label.font
        deviceFont.size *= 2
        let drawn = tester.display.textMeasurer.width(of: Self.sentence, font: deviceFont) / 2
        #expect(label.frame.width == drawn.rounded(.up), "sized \(label.frame.width) for \(drawn) drawn")
        controller.view.addSubview(label)
        #expect(label.layout(forWidth: label.bounds.width).lines.first?.text == Self.sentence, "not truncated")
    }

    @Test("the measurer of a scale measures widths at device size and keeps the font's line metrics in points")
    func scaledMeasurer() async throws {
        let server = try await PrivateXvfb.start(width: 640, height: 480)
        defer { server.stop() }
        do {
            let display = try Display(name: server.displayName)
            let scaled = display.textMeasurer(forScale: 2)
            let font = Font.systemFont(ofSize: 17)
            var big = font
            big.size = 34
            #expect(scaled.width(of: "Settings", font: font) == display.textMeasurer.width(of: "Settings", font: big) / 2)
            #expect(scaled.lineMetrics(for: font) == display.textMeasurer.lineMetrics(for: font))
            #expect(display.textMeasurer(forScale: 1) === display.textMeasurer)
            #expect(display.textMeasurer(forScale: 2) === scaled)
            #expect(display.textMeasurer(forScale: .nan) === display.textMeasurer)
        }
    }
}
