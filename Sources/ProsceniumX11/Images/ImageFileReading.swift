import Glibc

/// Reading an image file whole before decoding it, with the checks a path from an app or a user needs: a
/// FIFO or a device named like an image is refused instead of blocking or filling memory, and so is a file
/// larger than any image the decoders accept could be.
enum ImageFileReading {
    /// The largest file read: well past a 16384 × 16384 picture's PNG or JPEG.
    static let maximumBytes = 256 << 20

    /// The bytes of the regular file at `path`.
    static func bytes(of path: String) throws(PNGError) -> [UInt8] {
        // Non-blocking, so opening a FIFO with no writer returns at once; the check below refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path: path, reason: "not a regular file") }
        guard info.st_size <= maximumBytes else {
            throw .cannotRead(path: path, reason: "\(info.st_size) bytes, more than the \(maximumBytes >> 20) MiB an image file may have")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }  // shorter than it said: decoded as far as it goes
            filled += count
        }
        // Shortened in place: a copy would hold a large file twice.
        bytes.removeSubrange(filled...)
        return bytes
    }
}
