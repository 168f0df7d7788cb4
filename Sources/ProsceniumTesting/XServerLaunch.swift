import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starting an X server that picks its own display number (`-displayfd`) and waiting until clients can
/// connect: what `PrivateXvfb` and the project's nested test servers share.
package enum XServerLaunch {
    /// A server that accepts connections, registered with `ServerRegistry` (which stops it at exit).
    package struct Started: Sendable {
        /// The display to connect to, such as ":3".
        package let displayName: String
        /// The server's process id.
        package let pid: pid_t
        /// Seconds from spawning the server to a client connection succeeding.
        package let seconds: Double
        /// Where its output goes; `ServerRegistry.terminate` deletes it.
        package let logPath: String
    }

    /// Why a server did not come up, and what it printed.
    package struct Failure: Error {
        package let reason: String
        package let log: String
    }

    /// Runs `command` (an absolute path first) with `-displayfd 3` added, under `setpriv --pdeathsig TERM`
    /// when there is one (so it dies with this process), with `environment` overriding this process's
    /// variables, and returns once a client connection to it succeeds. `name` names its log file.
    package static func start(_ command: [String], name: String, environment: [String: String?] = [:],
                              timeout: Double) async throws(Failure) -> Started {
        let began = DispatchTime.now().uptimeNanoseconds
        let logPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("proscenium-\(name)-\(getpid())-\(began).log").path
        let pipe: DisplayPipe
        do {
            pipe = try DisplayPipe()
        } catch {
            throw Failure(reason: "\(error)", log: "")
        }
        defer { pipe.closeBoth() }

        var arguments = command + ["-displayfd", "3"]
        if let setpriv = ChildSpawner.findExecutable("setpriv") {
            arguments = [setpriv, "--pdeathsig", "TERM", "--"] + arguments
        }
        let spawnCommand = arguments
        let writeEnd = pipe.writeEnd
        let spawned = await ChildSpawner.shared.run {
            ChildSpawner.spawn(spawnCommand, logPath: logPath, inherit: writeEnd, environment: environment)
        }
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error):
            unlink(logPath)
            throw Failure(reason: "cannot run \(command[0]): \(error)", log: "")
        }
        ServerRegistry.add(pid, log: logPath)
        pipe.closeWriteEnd()

        func fail(_ reason: String) async -> Failure {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            await ServerRegistry.terminate(pid)
            unlink(logPath)
            return Failure(reason: reason, log: log)
        }

        let deadline = began + UInt64(timeout * 1e9)
        var number: Int?
        while number == nil {
            switch pipe.readDisplayNumber() {
            case .number(let n): number = n
            case .closed: throw await fail("it exited or closed -displayfd without naming a display")
            case .notYet: break
            }
            if number == nil {
                if let ending = ServerRegistry.exitStatus(pid) { throw await fail(ending) }
                if DispatchTime.now().uptimeNanoseconds > deadline { throw await fail("no display number after \(timeout) s") }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let displayName = ":\(number!)"
        // -displayfd is written once the server listens; a real connection proves it.
        while true {
            if let display = XOpenDisplay(displayName) {
                XCloseDisplay(display)
                break
            }
            if DispatchTime.now().uptimeNanoseconds > deadline { throw await fail("cannot connect to \(displayName) after \(timeout) s") }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        return Started(displayName: displayName, pid: pid, seconds: seconds, logPath: logPath)
    }
}
