import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Spawns helper processes (like Xvfb) from one thread that lives as long as the test process.
///
/// Linux delivers a parent-death signal when the *thread* that created a child exits, not the process;
/// spawning from a pool thread that later retires would kill the child early. A dedicated thread makes
/// `setpriv --pdeathsig TERM` mean "when this test process dies, for whatever reason".
package final class ChildSpawner: @unchecked Sendable {
    package static let shared = ChildSpawner()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    private init() {
        let thread = Thread { [unowned self] in self.serve() }
        thread.name = "proscenium-child-spawner"
        thread.start()
    }

    /// Runs `work` on the spawner thread and returns its result.
    package func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            condition.lock()
            jobs.append { continuation.resume(returning: work()) }
            condition.signal()
            condition.unlock()
        }
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// Where an executable named `name` is on `PATH`, if anywhere.
    package static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Where a spawned child's standard output and error go.
    package enum Output {
        /// Both into the file at this path, created or truncated.
        case file(String)
        /// Into these descriptors (the writing ends of pipes, say), which the child gets as 1 and 2.
        case descriptors(standardOutput: Int32, standardError: Int32)
    }

    /// Starts `arguments[0]` (an absolute path) with stdin from /dev/null, stdout and stderr into `logPath`,
    /// `inherit` (if any) placed at descriptor 3, and every other descriptor closed. Returns the pid, or
    /// errno. `environment` entries override (nil: remove) this process's own variables.
    package static func spawn(_ arguments: [String], logPath: String, inherit: Int32?,
                      environment: [String: String?] = [:]) -> Result<pid_t, SpawnError> {
        spawn(arguments, output: .file(logPath), inherit: inherit, environment: environment)
    }

    /// Starts `arguments[0]` (an absolute path) with stdin from `standardInput` (the reading end of a pipe,
    /// say; nil: /dev/null), stdout and stderr to `output`, `inherit` (if any) placed at descriptor 3, and
    /// every other descriptor closed, with a fresh signal state. Returns the pid, or errno. `environment`
    /// entries override (nil: remove) this process's own.
    package static func spawn(_ arguments: [String], output: Output, inherit: Int32?, standardInput: Int32? = nil,
                      environment: [String: String?] = [:]) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        switch output {
        case let .file(path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case let .descriptors(standardOutput, standardError):
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
            posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        }
        if let inherit { posix_spawn_file_actions_adddup2(&actions, inherit, 3) }
        // Without this the child would keep other tests' pipes and X connections open.
        closeDescriptors(from: inherit == nil ? 3 : 4, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A fresh signal state: the spawning thread may block or ignore signals the server relies on.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        if environment.isEmpty {
            let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
            return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
        }
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { return .failure(SpawnError(code: status)) }
        return .success(pid)
    }

    /// A pipe whose two ends are close-on-exec from the start (glibc's `pipe2(O_CLOEXEC)`, which Swift does
    /// not see either), so a child another thread starts meanwhile does not inherit them; nil, with errno
    /// set, when the process has no descriptors left.
    package static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
            let pipe2 = unsafeBitCast(symbol, to: Pipe2.self)
            guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
            return (ends[0], ends[1])
        }
        // Older C libraries: a window in which another thread's child could inherit them.
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift does not see (it needs _GNU_SOURCE).
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Adds actions that close every descriptor from `lowest` up in the child.
    private static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
            if addCloseFrom(&actions, lowest) == 0 { return }
        }
        // Older C libraries: close what is open now.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd >= lowest {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    /// An errno from `posix_spawn`, with its text.
    package struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        package var description: String { String(cString: strerror(code)) }
    }
}
