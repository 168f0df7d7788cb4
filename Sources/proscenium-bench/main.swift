import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

// Benchmarks print numbers; they assert nothing. Run with `make bench` (release build).
// `proscenium-bench [name ...]` runs only the named groups: frames, hittest, animations, launch, idle, dropped,
// presentation, gallery.

let requested = Set(CommandLine.arguments.dropFirst())
func wants(_ group: String) -> Bool { requested.isEmpty || requested.contains(group) }

print("Proscenium benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores, Xvfb 1280x800x24")
await MainActor.run {
    if wants("hittest") { HitTestBenchmark.run() }
    if wants("animations") { AnimationBenchmark.run() }
}
if wants("frames") { try await FrameBenchmark.run() }
if wants("presentation") { try await PresentationBenchmark.run() }
if wants("gallery") { try await GalleryBenchmark.run() }
if wants("launch") { try await LaunchBenchmark.runLaunch() }
if wants("idle") { try await LaunchBenchmark.runIdle() }
if wants("dropped") { try await LaunchBenchmark.runDropped() }
