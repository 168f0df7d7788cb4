import CPNG
import Proscenium
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes PNG files as straight-alpha RGBA `Image`s, through libpng's simplified API.
///
/// Writes go to a temporary file in the target directory that is renamed into place, so a failed write
/// never leaves a partial or empty file at the destination.
public enum PNGCodec {
    /// Decodes the PNG file at `path` into 8-bit RGBA with straight alpha.
    public static func read(contentsOf path: String) throws(PNGError) -> Image {
        let bytes = try ImageFileReading.bytes(of: path)
        // libpng reads the bytes until the read is finished: they live until then.
        return try withExtendedLifetime(bytes) { () throws(PNGError) -> Image in
            var png = newImage()
            let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
            guard began != 0 else { throw .cannotRead(path: path, reason: failureMessage(&png)) }
            return try finishRead(&png) { (reason: String) in .cannotRead(path: path, reason: reason) }
        }
    }

    /// Decodes PNG bytes held in memory.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Image {
        var png = newImage()
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
        guard began != 0 else { throw .codecFailed("cannot decode \(bytes.count) bytes: \(failureMessage(&png))") }
        return try finishRead(&png) { (reason: String) in .codecFailed("cannot decode: \(reason)") }
    }

    /// Encodes `image` as PNG bytes in memory.
    public static func encode(_ image: Image) throws(PNGError) -> [UInt8] {
        try checkEncodable(image)
        var png = header(for: image)
        var size = 0
        // First pass measures, second fills: the simplified API has no growable buffer.
        let measured = image.pixels.withUnsafeBytes {
            png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else { throw .codecFailed("cannot encode: \(failureMessage(&png))") }
        var output = [UInt8](repeating: 0, count: size)
        png = header(for: image)
        let written = output.withUnsafeMutableBytes { out in
            image.pixels.withUnsafeBytes { png_image_write_to_memory(&png, out.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        guard written != 0 else { throw .codecFailed("cannot encode: \(failureMessage(&png))") }
        return Array(output.prefix(size))
    }

    /// Writes `image` to `path` as a PNG, atomically: either the complete file appears or nothing does.
    /// The image is encoded in memory first, so a failed write (a full disk, a read-only file system) is
    /// reported with the system's reason, and the temporary file is removed before the error is thrown.
    public static func write(_ image: Image, to path: String) throws(PNGError) {
        try checkEncodable(image)
        let directory = parentDirectory(of: path)
        if let problem = directoryProblem(directory, path: path) { throw problem }
        let bytes = try encode(image)

        let name = path.split(separator: "/").last.map(String.init) ?? path
        // Shortened, so a name near the file system's 255-byte limit still leaves room for the suffix.
        let stem = name.utf8.count > 200 ? String(decoding: name.utf8.prefix(200), as: UTF8.self) : name
        let temporary = (directory == "/" ? "" : directory) + "/.\(stem).tmp-\(getpid())-\(nextSerial())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw writeFailure(path: path, directory: directory, code: errno,
                               doing: "cannot create a file in '\(directory)'")
        }
        var failure = writeAll(bytes, to: fd)
        // On the disk before it takes the name: after a power cut the path holds the old file or the whole
        // new one, never a short one (and a disk that fills up late says so here).
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw writeFailure(path: path, directory: directory, code: failure, doing: "writing failed")
        }
        // The new name itself is kept by the directory's own flush; the file is complete either way.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Writes every byte to `fd`; the errno of the first failed write, or nil.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written < 0 { return errno }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }

    /// The error for a write that failed with `code`, in words for the causes a user can do something about.
    private static func writeFailure(path: String, directory: String, code: Int32, doing: String) -> PNGError {
        let text = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT: return .noSpace(path: path, directory: directory, detail: text)
        case EROFS: return .readOnlyFileSystem(path: path, directory: directory)
        default: return .cannotWrite(path: path, reason: "\(doing) (\(text))")
        }
    }

    // MARK: - Helpers

    /// PNG_FORMAT_RGBA, which Swift cannot import because it is built from other macros.
    private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    private static func newImage() -> png_image {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        return png
    }

    private static func header(for image: Image) -> png_image {
        var png = newImage()
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = rgba
        return png
    }

    private static func checkEncodable(_ image: Image) throws(PNGError) {
        guard image.width > 0, image.height > 0 else {
            throw .unsupportedImage("it is \(image.width)x\(image.height); a PNG needs at least one pixel")
        }
    }

    /// The largest image side X can draw, in pixels.
    public static let maximumSide = 32_767
    /// The most pixels an image may have: 64 Mi, 256 MiB decoded.
    public static let maximumPixels = 64 * 1024 * 1024

    /// Finishes a read begun by one of the `begin_read` calls, always freeing libpng's state.
    private static func finishRead(_ png: inout png_image, error: (String) -> PNGError) throws(PNGError) -> Image {
        png.format = rgba
        // A 16-bit file that names no colour space is sRGB, as every other viewer takes it; libpng would
        // take its values as linear and brighten its mid-tones on the way to 8 bits.
        png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let width = Int(png.width), height = Int(png.height)
        // Refused before anything is allocated: X can draw no picture wider or taller than 32,767 pixels,
        // and a header claiming more would ask for gigabytes.
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            png_image_free(&png)
            throw error("\(width)×\(height) pixels is too large (at most \(maximumSide) on a side and \(maximumPixels) in all)")
        }
        var ok: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            ok = png_image_finish_read(&png, nil, buffer.baseAddress, 0, nil)
            count = ok != 0 ? width * height * 4 : 0
        }
        guard ok != 0 else {
            let reason = failureMessage(&png)
            png_image_free(&png)
            throw error(reason)
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// libpng's message for the last failure, and frees its state.
    private static func failureMessage(_ png: inout png_image) -> String {
        let text = withUnsafeBytes(of: png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&png)
        return text.isEmpty ? "libpng reported an error" : text
    }

    /// Why files cannot be created in `directory` (checked before encoding anything), or nil when they can.
    private static func directoryProblem(_ directory: String, path: String) -> PNGError? {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            let code = errno
            let reason = errnoText()
            return .cannotWrite(path: path, reason: code == ENOENT ? "the directory '\(directory)' does not exist (\(reason))"
                                                                   : "'\(directory)': \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .cannotWrite(path: path, reason: "'\(directory)' is not a directory") }
        guard access(directory, W_OK) == 0 else {
            if errno == EROFS { return .readOnlyFileSystem(path: path, directory: directory) }
            return .cannotWrite(path: path, reason: "the directory '\(directory)' is not writable (\(errnoText()))")
        }
        return nil
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    private static func nextSerial() -> Int {
        serial.add(1, ordering: .relaxed).newValue
    }

    /// Makes temporary names unique when several threads write into one directory at once.
    private static let serial = Atomic<Int>(0)
}
