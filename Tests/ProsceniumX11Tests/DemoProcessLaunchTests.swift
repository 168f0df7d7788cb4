import Foundation
import Glibc
import Testing
import ProsceniumGallery
import TestSupport

/// `DemoProcess` itself, which the tests that run the demo as a user would all stand on: children started,
/// read and reaped from many threads at once each keep their own output and their own end.
@Suite("Demo process launching")
struct DemoProcessLaunchTests {
    @Test("demos started and stopped at once from many tasks: each one's lines, exit status and signal are its own")
    func manyAtOnce() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask {
                    if index % 3 == 0 {
                        // A child that would run for half a minute, stopped at once: SIGTERM ends it.
                        let sleeper = try DemoProcess(environment: [:], launcher: ["/bin/sh", "-c", "exec sleep 30", "sh"])
                        #expect(sleeper.isRunning)
                        await sleeper.stop()
                        #expect(!sleeper.isRunning)
                        let exit = try #require(await sleeper.exit(timeout: 5), "\(sleeper.diagnosis)")
                        #expect(exit.status == SIGTERM)
                    } else {
                        let demo = try DemoProcess(arguments: ["--list-scenes"], environment: ["DISPLAY": nil])
                        let exit = try #require(await demo.exit(timeout: 30), "\(demo.diagnosis)")
                        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
                        #expect(demo.lines == SceneCatalog.names)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("a child keeps none of the test process's descriptors but its three standard streams")
    func childInheritsOnlyItsStreams() async throws {
        // Something this process holds open that is not close-on-exec, as a sibling's pipe end might be.
        let held = open("/dev/null", O_RDONLY)
        #expect(held > 2)
        defer { close(held) }
        let lister = try DemoProcess(environment: [:], launcher: ["/bin/sh", "-c", "ls /proc/$$/fd", "sh"])
        let exit = try #require(await lister.exit(timeout: 10), "\(lister.diagnosis)")
        #expect(exit.status == 0, "stderr: \(lister.errorOutput)")
        #expect(Set(lister.lines) == ["0", "1", "2"], "descriptors open in the child: \(lister.lines)")
    }
}
