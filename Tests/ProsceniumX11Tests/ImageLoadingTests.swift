import Foundation
import Glibc
import Proscenium
import ProsceniumX11
import Testing

/// An app's images by name from a folder, with their @2x and @3x variants, decoded on or off the main
/// actor; files that are missing, not images, truncated or too large throw an error naming them.
@MainActor @Suite("Loading images by name")
struct ImageLoadingTests {
    @Test("name, name.png, and the @2x and @3x variants beside it")
    func variants() throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PNGCodec.write(PNGCodecTests.gradient(width: 10, height: 6), to: directory + "/mark.png")
        try PNGCodec.write(Image(width: 20, height: 12, fill: .blue), to: directory + "/mark@2x.png")
        try PNGCodec.write(PNGCodecTests.gradient(width: 4, height: 4), to: directory + "/plain.png")
        let mark = try Image(named: "mark", in: directory)
        #expect(mark.size == Size(width: 10, height: 6))
        #expect(mark.representation(forScale: 2).width == 20)
        #expect(mark.representation(forScale: 3).width == 20, "no @3x: the sharpest there is")
        #expect(try Image(named: "plain.png", in: directory + "/").variants.isEmpty)
    }

    @Test("an image shipped only as @2x or @3x, or asked for by that name, has its size in points: its pixels over its scale")
    func onlySharperVariants() throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PNGCodec.write(Image(width: 20, height: 12, fill: .blue), to: directory + "/badge@2x.png")
        try PNGCodec.write(Image(width: 30, height: 18, fill: .red), to: directory + "/seal@3x.png")
        for name in ["badge", "badge.png", "badge@2x", "badge@2x.png"] {
            let badge = try Image(named: name, in: directory)
            #expect(badge.size == Size(width: 10, height: 6), "\(name)")
            #expect(badge.representation(forScale: 2).width == 20, "\(name): the file itself at 2x")
            #expect(badge.color(atX: 5, y: 3).isClose(to: .blue))
        }
        let seal = try Image(named: "seal", in: directory)
        #expect(seal.size == Size(width: 10, height: 6) && seal.representation(forScale: 3).width == 30)
    }

    @Test("missing, not a PNG, truncated, 100,000 pixels wide: an error naming the file, nothing loaded")
    func badFiles() throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = try PNGCodec.encode(Image(width: 64, height: 64, fill: .green))
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: directory + "/truncated.png"))
        try Data("not an image at all".utf8).write(to: URL(fileURLWithPath: directory + "/text.png"))
        try PNGCodec.write(Image(width: 100_000, height: 1, fill: .white), to: directory + "/wide.png")
        for name in ["missing", "text", "truncated", "wide"] {
            #expect {
                _ = try Image(named: name, in: directory)
            } throws: { error in
                "\(error)".contains("\(name).png")
            }
        }
        #expect {
            _ = try Image(named: "wide", in: directory)
        } throws: { error in
            "\(error)".contains("too large")
        }
    }

    @Test("a FIFO or a directory named like an image is refused at once, PNG or JPEG, instead of blocking or filling memory")
    func notRegularFiles() throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/pipe.png", 0o600) == 0 && mkfifo(directory + "/pipe.jpg", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: directory + "/folder.png", withIntermediateDirectories: false)
        for name in ["pipe.png", "pipe.jpg", "folder.png"] {
            #expect {
                _ = try Image(named: name, in: directory)
            } throws: { error in
                "\(error)".contains(name) && "\(error)".contains("not a regular file")
            }
        }
    }

    @Test("decoding off the main actor calls back on it with the image, or the error")
    func loadsInTheBackground() async throws {
        let directory = try PNGCodecTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PNGCodec.write(Image(width: 30, height: 20, fill: .red), to: directory + "/photo.png")
        let loaded: Result<Image, PNGError> = await withCheckedContinuation { continuation in
            Image.load(named: "photo", in: directory) { result in
                MainActor.assertIsolated()
                continuation.resume(returning: result)
            }
        }
        #expect(try loaded.get().width == 30)
        let missing: Result<Image, PNGError> = await withCheckedContinuation { continuation in
            Image.load(named: "nothing", in: directory) { continuation.resume(returning: $0) }
        }
        #expect(throws: PNGError.self) { try missing.get() }
    }
}
