import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Synchronization
import Testing
import TestSupport

/// MIT-SHM captures leave no System V segment behind: each is marked for removal right after this process
/// attaches it, before the server is asked to (the server can still attach it, Linux allows that while
/// someone has it attached), so one that was never detached cleanly — the connection lost in the middle of
/// XShmAttach, the process ended there — goes away with its last user instead of lingering in `ipcs -m`.
@MainActor @Suite("Shared-memory captures", .serialized)
struct SharedMemoryCaptureTests {
    @Test("captures of several sizes, and a capturer that keeps its segment, leave no segment once done")
    func capturesLeaveNoSegment() async throws {
        let tester = try await WindowTester.start(ViewController(), size: Size(width: 320, height: 240))
        defer { tester.stop() }
        let before = SharedMemorySegments.created(by: getpid())
        for (width, height) in [(320, 240), (100, 50), (320, 240)] {
            let image = try ScreenCapture.capture(display: tester.display.pointer, drawable: tester.host.xWindow,
                                                  width: width, height: height, method: .sharedMemory)
            #expect(image.width == width)
        }
        let capturer = ScreenCapturer(display: tester.display.pointer, method: .sharedMemory)
        _ = try capturer.capture(drawable: tester.host.xWindow, width: 320, height: 240)
        #expect(capturer.lastMethod == .sharedMemory, "the server attached the segment marked for removal")
        let held = SharedMemorySegments.created(by: getpid()).subtracting(before)
        #expect(held.count == 1, "the capturer keeps one segment: \(held)")
        #expect(held.allSatisfy { $0.isMarkedForRemoval }, "and it is marked for removal already: \(held)")
        capturer.releaseSharedMemory()
        tester.display.sync()
        #expect(SharedMemorySegments.created(by: getpid()).subtracting(before).isEmpty, "segments left over")
    }

    @Test("the connection lost in the middle of XShmAttach: the demo exits 1 and leaves no segment")
    func lostConnectionDuringAttachLeavesNoSegment() async throws {
        let server = try await PrivateXvfb.start(width: 800, height: 600)
        defer { server.stop() }
        var major: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        do {
            // Closed again before the server stops (a connection outliving it ends the test process).
            let probe = try Display(name: server.displayName)
            try #require(XQueryExtension(probe.pointer, "MIT-SHM", &major, &firstEvent, &firstError) != 0, "no MIT-SHM")
        }
        let proxy = try AttachCuttingProxy(upstream: server.displayName, shmMajorOpcode: UInt8(major))
        defer { proxy.stop() }

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shm-cut-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let demo = try DemoProcess(arguments: ["--screenshot", path, "--at", "0.1", "--size", "480x480"],
                                   environment: ["DISPLAY": proxy.displayName])
        defer { demo.stop() }
        let exit = try #require(await demo.exit(timeout: 60), "the demo did not end\n\(demo.diagnosis)")
        #expect(proxy.cuts == 1, "the proxy never saw XShmAttach; the demo said: \(demo.errorOutput)")
        #expect(exit.status == 1)
        #expect(demo.errorOutput.contains("lost the connection"), "\(demo.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let left = SharedMemorySegments.created(by: demo.pid)
        #expect(left.isEmpty, "the demo left \(left.count) segment(s) behind: \(left)")
    }
}

/// The System V shared-memory segments on the machine, as `ipcs -m` lists them (from /proc/sysvipc/shm).
enum SharedMemorySegments {
    struct Segment: Hashable, CustomStringConvertible {
        var id: Int
        var perms: Int
        var creator: Int32
        var attachments: Int
        /// SHM_DEST: `shmctl(IPC_RMID)` was called; it goes when the last process detaches.
        var isMarkedForRemoval: Bool { perms & 0o1000 != 0 }
        var description: String { "segment \(id) by pid \(creator), \(attachments) attached, perms \(String(perms, radix: 8))" }
    }

    static func created(by pid: Int32) -> Set<Segment> {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return [] }
        var result: Set<Segment> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 6, let id = Int(fields[1]), let perms = Int(fields[2], radix: 8),
                  let creator = Int32(fields[4]), let attached = Int(fields[6]), creator == pid else { continue }
            result.insert(Segment(id: id, perms: perms, creator: creator, attachments: attached))
        }
        return result
    }
}

/// A stand-in X server address (an abstract unix socket) that forwards every connection to a real server
/// and cuts it, both ways, when the client sends MIT-SHM's Attach request: the server vanishing at the
/// worst moment for a shared-memory capture, on demand.
final class AttachCuttingProxy: @unchecked Sendable {
    /// The display name to give the client, such as ":417".
    let displayName: String
    private let listener: Int32
    private let upstreamPath: String
    private let shmMajorOpcode: UInt8
    private let state = Mutex((cuts: 0, stopped: false))

    /// Connections cut at XShmAttach so far.
    var cuts: Int { state.withLock { $0.cuts } }

    init(upstream: String, shmMajorOpcode: UInt8) throws {
        self.shmMajorOpcode = shmMajorOpcode
        upstreamPath = "/tmp/.X11-unix/X" + upstream.dropFirst()
        // Xlib looks for display N at the abstract socket "@/tmp/.X11-unix/XN" first: take a free number.
        var chosen: (Int32, Int)?
        for number in 400..<500 where access("/tmp/.X11-unix/X\(number)", F_OK) != 0 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = Self.abstractAddress("/tmp/.X11-unix/X\(number)")
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + "/tmp/.X11-unix/X\(number)".utf8.count)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            if bound == 0, listen(fd, 4) == 0 {
                chosen = (fd, number)
                break
            }
            close(fd)
        }
        guard let (fd, number) = chosen else { throw ProxyError("no free display number for the proxy") }
        listener = fd
        displayName = ":\(number)"
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 1 << 18
        thread.start()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private static func abstractAddress(_ name: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path[0] = 0
            for (index, byte) in name.utf8.enumerated() { path[index + 1] = byte }
        }
        return address
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { path in
                for (index, byte) in upstreamPath.utf8.enumerated() { path[index] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else {
                close(client)
                close(server)
                continue
            }
            let toClient = Thread { Self.copy(from: server, to: client) }
            toClient.stackSize = 1 << 18
            toClient.start()
            let toServer = Thread { [self] in forwardRequests(from: client, to: server) }
            toServer.stackSize = 1 << 18
            toServer.start()
        }
        close(listener)
    }

    /// The server's replies, events and errors, byte for byte.
    private static func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count <= 0 || !writeAll(destination, Array(buffer[0..<count])) { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
        shutdown(source, Int32(SHUT_RDWR))
    }

    /// The client's connection setup, then its requests one by one, cutting both sides at ShmAttach.
    private func forwardRequests(from client: Int32, to server: Int32) {
        defer {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }
        guard let setup = Self.readExactly(client, 12) else { return }
        let littleEndian = setup[0] == 0x6C
        func u16(_ bytes: [UInt8], _ at: Int) -> Int {
            littleEndian ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ bytes: [UInt8], _ at: Int) -> Int {
            littleEndian ? u16(bytes, at) | u16(bytes, at + 2) << 16 : u16(bytes, at) << 16 | u16(bytes, at + 2)
        }
        let padded = { (n: Int) in (n + 3) & ~3 }
        guard let authorization = Self.readExactly(client, padded(u16(setup, 6)) + padded(u16(setup, 8))),
              Self.writeAll(server, setup + authorization) else { return }
        while true {
            guard var request = Self.readExactly(client, 4) else { return }
            var length = u16(request, 2) * 4
            if length == 0 {
                // BIG-REQUESTS: the length follows as 32 bits.
                guard let extended = Self.readExactly(client, 4) else { return }
                request += extended
                length = u32(extended, 0) * 4
            }
            guard length >= request.count, let body = Self.readExactly(client, length - request.count) else { return }
            if request[0] == shmMajorOpcode, request[1] == 1 {  // X_ShmAttach
                state.withLock { $0.cuts += 1 }
                return
            }
            guard Self.writeAll(server, request + body) else { return }
        }
    }

    private static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, count - done) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { return nil }
            done += got
        }
        return bytes
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if wrote < 0, errno == EINTR { continue }
            if wrote <= 0 { return false }
            done += wrote
        }
        return true
    }
}

struct ProxyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
