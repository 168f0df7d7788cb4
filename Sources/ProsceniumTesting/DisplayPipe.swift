#if canImport(Glibc)
import Glibc
#endif

/// The pipe Xvfb writes its display number to (`-displayfd`), read without blocking.
final class DisplayPipe {
    private(set) var readEnd: Int32 = -1
    private(set) var writeEnd: Int32 = -1
    private var received: [UInt8] = []

    /// What a read found.
    enum Reading {
        case number(Int)
        case notYet
        case closed
    }

    init() throws(PrivateXvfbError) {
        // Other children spawned meanwhile must not inherit either end.
        guard let ends = ChildSpawner.closeOnExecPipe() else {
            throw .didNotStart("cannot create a pipe: \(String(cString: strerror(errno)))", log: "")
        }
        readEnd = ends.read
        writeEnd = ends.write
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        // The child gets the write end as descriptor 3; keep it elsewhere so dup2 really copies it
        // (dup2 onto itself would leave close-on-exec set).
        if writeEnd <= 3 {
            let moved = fcntl(writeEnd, F_DUPFD_CLOEXEC, 10)
            if moved >= 0 {
                close(writeEnd)
                writeEnd = moved
            }
        }
    }

    deinit {
        closeBoth()
    }

    /// Closes this process's copy of the write end, so end-of-file means the server closed its copy.
    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    func closeBoth() {
        closeWriteEnd()
        if readEnd >= 0 { close(readEnd) }
        readEnd = -1
    }

    /// Reads what is available; the number counts once its line is complete.
    func readDisplayNumber() -> Reading {
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &chunk, chunk.count)
            if count > 0 {
                received += chunk[..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            let ended = count == 0
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")),
               let number = Int(String(decoding: received[..<newline], as: UTF8.self)) {
                return .number(number)
            }
            return ended ? .closed : .notYet
        }
    }
}
