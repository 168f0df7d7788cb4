import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

// Benchmarks print numbers; they assert nothing. Run with `make bench` (release build).
// `proscenium-bench [name ...]` runs only the named groups: frames, hittest, animations, launch, idle, dropped,
// presentation, gallery, scroll, navigation, soak, fuzz, clock.

// `soak` takes `--seed N` (default 1) or `--seeds A-B` (each in a process of its own, `--jobs N` at a time,
// default the number of cores) and `--operations N` (default 10000); `fuzz` takes `--seed N`.
var requested = Set<String>()
var soakSeed: UInt64 = 1
var soakSeeds: ClosedRange<UInt64>?
var soakJobs = ProcessInfo.processInfo.activeProcessorCount
var soakOperations = 10_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seeds":
        let bounds = arguments.popFirst()?.split(separator: "-").compactMap { UInt64($0) } ?? []
        guard bounds.count == 2, bounds[0] <= bounds[1] else {
            FileHandle.standardError.write("proscenium-bench: --seeds needs a range such as 1-100\n".data(using: .utf8)!)
            exit(2)
        }
        soakSeeds = bounds[0]...bounds[1]
    case "--jobs":
        guard let jobs = arguments.popFirst().flatMap({ Int($0) }), jobs > 0 else {
            FileHandle.standardError.write("proscenium-bench: --jobs needs a whole number of at least 1\n".data(using: .utf8)!)
            exit(2)
        }
        soakJobs = jobs
    case "--seed", "--operations":
        guard let text = arguments.popFirst(), let value = UInt64(text), argument == "--seed" || value > 0 else {
            FileHandle.standardError.write("proscenium-bench: \(argument) needs a whole number (operations: at least 1)\n".data(using: .utf8)!)
            exit(2)
        }
        if argument == "--seed" { soakSeed = value } else { soakOperations = Int(value) }
    default:
        let groups = ["frames", "hittest", "animations", "launch", "idle", "dropped", "presentation", "gallery", "scroll", "navigation",
                      "soak", "fuzz", "clock"]
        guard groups.contains(argument) else {
            FileHandle.standardError.write(("proscenium-bench: unknown argument '\(argument)'; groups: "
                                            + groups.joined(separator: ", ") + "\n").data(using: .utf8)!)
            exit(2)
        }
        requested.insert(argument)
    }
}
@MainActor func wants(_ group: String) -> Bool { requested.isEmpty || requested.contains(group) }

print("Proscenium benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores, Xvfb 1280x800x24")
await MainActor.run {
    if wants("hittest") { HitTestBenchmark.run() }
    if wants("animations") { AnimationBenchmark.run() }
}
// A group that cannot run (no Xvfb, the demo not built, …) ends the run with one line saying why.
do {
    if wants("frames") { try await FrameBenchmark.run() }
    if wants("presentation") { try await PresentationBenchmark.run() }
    if wants("gallery") { try await GalleryBenchmark.run() }
    if wants("scroll") { try await ScrollBenchmark.run() }
    if wants("navigation") { try await NavigationBenchmark.run() }
    if wants("soak") {
        if let soakSeeds {
            await SoakBenchmark.runRange(soakSeeds, operations: soakOperations, jobs: soakJobs)
        } else {
            try await SoakBenchmark.run(seed: soakSeed, operations: soakOperations)
        }
    }
    if wants("fuzz") { try await FuzzBenchmark.run(seed: soakSeed) }
    if wants("clock") { try await ClockBenchmark.run() }
    if wants("launch") { try await LaunchBenchmark.runLaunch() }
    if wants("idle") { try await LaunchBenchmark.runIdle() }
    if wants("dropped") { try await LaunchBenchmark.runDropped() }
} catch {
    FileHandle.standardError.write("proscenium-bench: \(error)\n".data(using: .utf8)!)
    exit(1)
}
