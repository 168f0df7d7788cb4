import Foundation
import Proscenium
import ProsceniumX11
import Testing

/// PNG files: lossless round trips, and writes that fail clearly and leave nothing behind.
@Suite("PNGCodec")
struct PNGCodecTests {
    /// A small gradient whose alpha runs from 0 to 255, so straight alpha must survive untouched.
    static func gradient(width: Int = 17, height: Int = 9) -> Image {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 15), UInt8(y * 28), UInt8((x + y) * 7), UInt8((x * 255) / (width - 1))]
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("png-tests-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a gradient with alpha survives a file round trip exactly")
    func fileRoundTrip() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let image = Self.gradient()
        let path = directory + "/gradient.png"

        try PNGCodec.write(image, to: path)
        let read = try PNGCodec.read(contentsOf: path)

        #expect(read.width == 17 && read.height == 9)
        #expect(read.pixels == image.pixels)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["gradient.png"], "no temporary file may remain")
    }

    @Test("encode and decode round trip in memory, and the bytes are a PNG")
    func memoryRoundTrip() throws {
        let image = Self.gradient(width: 5, height: 4)
        let bytes = try PNGCodec.encode(image)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGCodec.decode(bytes).pixels == image.pixels)
    }

    @Test("a name near the file system's 255-byte limit is written: the temporary name beside it stays within the limit")
    func longName() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + String(repeating: "a", count: 246) + ".png"
        try PNGCodec.write(Self.gradient(), to: path)
        #expect(try PNGCodec.read(contentsOf: path).width == 17)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1, "no temporary file left")
    }

    @Test("writing over an existing file replaces it")
    func replacesExistingFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/shot.png"
        try PNGCodec.write(Image(width: 2, height: 2, fill: .red), to: path)
        try PNGCodec.write(Self.gradient(), to: path)
        #expect(try PNGCodec.read(contentsOf: path).width == 17)
    }

    @Test("a missing directory gives a clear error naming the path, and no file")
    func missingDirectory() throws {
        let path = "/nonexistent-dir-\(getpid())/x.png"
        #expect {
            try PNGCodec.write(Self.gradient(), to: path)
        } throws: { error in
            let text = "\(error)"
            return text.contains("'\(path)'") && text.contains("does not exist") && text.contains("choose a writable directory")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a parent that is a regular file gives a clear error and no file")
    func parentIsAFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let blocker = directory + "/blocker"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("not a directory".utf8))
        let path = blocker + "/x.png"

        #expect(throws: PNGError.self) { try PNGCodec.write(Self.gradient(), to: path) }
        do {
            try PNGCodec.write(Self.gradient(), to: path)
        } catch {
            #expect("\(error)".contains(path))
            #expect("\(error)".contains("is not a directory"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["blocker"])
    }

    @Test("an unwritable directory gives a clear error and leaves no file, also as root")
    func unwritableDirectory() throws {
        let directory = try Self.temporaryDirectory()
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        // Root ignores permission bits, so there a directory no one can create files in stands in.
        let target = getuid() == 0 ? "/proc" : directory
        if getuid() != 0 { chmod(directory, 0o555) }
        let path = target + "/proscenium-\(getpid()).png"

        #expect {
            try PNGCodec.write(Self.gradient(), to: path)
        } throws: { error in
            "\(error)".contains("cannot write PNG to '\(path)'")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: target).filter { $0.contains("proscenium-\(getpid())") }
        #expect(leftovers.isEmpty)
    }

    @Test("reading a missing file or a non-PNG fails with the path in the message")
    func readErrors() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/missing.png"
        #expect { try PNGCodec.read(contentsOf: missing) } throws: { "\($0)".contains("'\(missing)'") }

        let text = directory + "/text.png"
        _ = FileManager.default.createFile(atPath: text, contents: Data("hello, not a png".utf8))
        #expect { try PNGCodec.read(contentsOf: text) } throws: { "\($0)".contains("'\(text)'") }
    }

    @Test("an image without pixels is refused")
    func emptyImage() throws {
        #expect(throws: PNGError.self) { try PNGCodec.encode(Image(width: 0, height: 0, pixels: [])) }
    }
}
