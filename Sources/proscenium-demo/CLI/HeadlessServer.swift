import Glibc

/// A private Xvfb for `--headless`: started with `-displayfd`, so the server picks a free display number
/// and reports it once it accepts connections; stopped when the demo ends, and gone by itself when the
/// demo's connection closes however it ends.
final class HeadlessServer {
    /// The display name to connect to, such as ":12".
    let displayName: String
    private let pid: pid_t

    private init(displayName: String, pid: pid_t) {
        self.displayName = displayName
        self.pid = pid
    }

    /// How long the server may take to name its display. Alone it takes a fraction of a second; a machine
    /// starting many at once (a test suite in parallel) makes each scan past the display numbers in use.
    static let startupSeconds = 30

    /// Starts `Xvfb` with a screen of at least `width` x `height`; throws when it cannot be run or does not
    /// come up within `startupSeconds`.
    static func start(width: Int, height: Int) throws(HeadlessServerError) -> HeadlessServer {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .cannotStart("pipe failed: \(String(cString: strerror(errno)))") }
        defer { close(fds[0]) }
        // The reading end stays with the demo only, and so does everything the demo inherited: a server
        // holding its parent's descriptors (a test's pipes, the socket by which Foundation learns that the
        // demo exited) would keep them open for as long as it runs.
        keepFromChildren(except: fds[1])
        // -terminate: the server goes when its last client does, so a demo that dies without stopping it
        // (killed, or crashed) leaves no server behind.
        let arguments = ["Xvfb", "-displayfd", String(fds[1]), "-screen", "0", "\(max(width, 640))x\(max(height, 480))x24",
                         "-nolisten", "tcp", "-terminate"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        // What the server says goes to a file no one else sees, unlinked at once: read back only when it
        // fails to start, to say why.
        var logPath = Array("/tmp/proscenium-xvfb-XXXXXX".utf8CString)
        let log = mkstemp(&logPath)
        if log >= 0 {
            unlink(logPath)
            // Not for the demo's other children (the dup below gives the server its own, open on exec).
            _ = fcntl(log, F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, log, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        defer { if log >= 0 { close(log) } }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The server must not inherit the demo's ignored or blocked signals, or SIGTERM would not stop it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, "Xvfb", &actions, &attributes, &argv, environ)
        close(fds[1])
        guard status == 0 else {
            throw .cannotStart("cannot run Xvfb (\(String(cString: strerror(status)))); install it with scripts/install-deps.sh")
        }
        var text = ""
        var closed = false
        var pollFD = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        while !text.contains("\n") {
            guard poll(&pollFD, 1, Int32(Self.startupSeconds * 1000)) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 {
                closed = true
                break
            }
            text += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        guard let number = Int(text.split(separator: "\n").first ?? "") else {
            var status: Int32 = 0
            // The pipe closed: the server is ending (it closes its descriptors before it can be waited for).
            if closed, waitpid(pid, &status, 0) == pid {
                // It ended before naming a display: its last words say why (no keyboard data, no fonts).
                let said = lastWords(in: log).map { ": \($0)" } ?? ""
                let how = status & 0x7F == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(status & 0x7F)"
                throw .cannotStart("Xvfb \(how) before it reported a display\(said)")
            }
            kill(pid, SIGTERM)
            waitpid(pid, nil, 0)
            throw .cannotStart("Xvfb did not report a display within \(Self.startupSeconds) s")
        }
        return HeadlessServer(displayName: ":\(number)", pid: pid)
    }

    /// What the server's log open at `fd` (its last 4 KB) gives as the reason it stopped: the text after
    /// its last "Fatal server error:", between the "(EE)" markers the X server puts around it (even glued to
    /// the end of a line), else the last line that says something.
    private static func lastWords(in fd: Int32) -> String? {
        guard fd >= 0 else { return nil }
        let end = lseek(fd, 0, SEEK_END)
        guard end > 0 else { return nil }
        let start = max(0, end - 4096)
        var buffer = [UInt8](repeating: 0, count: Int(end - start))
        guard pread(fd, &buffer, buffer.count, start) > 0 else { return nil }
        let log = String(decoding: buffer, as: UTF8.self)
        let fatal = log.ranges(of: "Fatal server error:").last
        let text = fatal.map { log[$0.upperBound...] } ?? log[...]
        let said = text.replacing("(EE)", with: "\n").split(separator: "\n")
            .map { String($0.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }.filter { !$0.isEmpty }
        return fatal == nil ? said.last : said.isEmpty ? nil : said.joined(separator: " ")
    }

    /// Marks every open descriptor from 3 up, except `kept`, close-on-exec.
    private static func keepFromChildren(except kept: Int32) {
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd >= 3, fd != kept, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Stops the server and waits for it, killing it outright if it has not gone within a second.
    func stop() {
        kill(pid, SIGTERM)
        for _ in 0..<100 {
            if waitpid(pid, nil, WNOHANG) != 0 { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
    }
}

/// Why `--headless` could not start its server.
enum HeadlessServerError: Error, CustomStringConvertible {
    case cannotStart(String)

    var description: String {
        switch self {
        case .cannotStart(let reason): return "--headless: \(reason)"
        }
    }
}
