import Foundation
import Proscenium
import ProsceniumX11

/// Snapshot assertions in swift-snapshot-testing's conventions: the reference PNG lives in
/// `__Snapshots__/<TestFile>/<name>.png` beside the test file; a missing one is recorded and the test
/// fails saying so; `PROSCENIUM_RECORD_SNAPSHOTS=1` re-records them all; a mismatch writes the actual image
/// and a diff to a folder the message names, with how many pixels differ and by how much at worst.
public enum Snapshots {
    /// Set to 1 to record every snapshot instead of comparing.
    public static let recordVariable = "PROSCENIUM_RECORD_SNAPSHOTS"

    /// Where a snapshot named `name` for the test in `testFile` lives.
    public static func referencePath(_ name: String, testFile: String) -> String {
        let file = URL(fileURLWithPath: testFile)
        return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
            .appendingPathComponent(name + ".png").path
    }

    /// Where the actual image and diff of a failed snapshot go: `$PROSCENIUM_ARTIFACTS` if set, else a
    /// folder in the temporary directory, per test file.
    public static func failureDirectory(testFile: String) -> String {
        let base = ProcessInfo.processInfo.environment[ImageComparison.artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-snapshots").path
        return URL(fileURLWithPath: base)
            .appendingPathComponent(URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent).path
    }
}

/// Why a snapshot assertion failed; the message says what to look at and how to re-record.
public enum SnapshotError: Error, CustomStringConvertible {
    /// There was no reference: it has been recorded now, and the test fails so that a person looks at it.
    case recorded(path: String)
    /// The image differs from the reference beyond the tolerance.
    case mismatch(ImageComparisonError)

    public var description: String {
        switch self {
        case let .recorded(path):
            return "no snapshot was recorded yet: recorded it at '\(path)'; look at it, then run the test again"
        case let .mismatch(error):
            return "\(error)".replacingOccurrences(of: "\(ImageComparison.recordVariable)=1", with: "\(Snapshots.recordVariable)=1")
        }
    }
}

/// Compares `image` with the snapshot `name` of the calling test file (see `Snapshots`): passes when at
/// most `maxMismatchedPixels` pixels differ by more than `tolerance` (0…255) in some channel.
@discardableResult
public func assertSnapshot(of image: Image, named name: String, tolerance: Int = 8, maxMismatchedPixels: Int = 0,
                           file: String = #filePath) throws -> ComparisonResult {
    let path = Snapshots.referencePath(name, testFile: file)
    let recording = ProcessInfo.processInfo.environment[Snapshots.recordVariable] == "1"
    let exists = FileManager.default.fileExists(atPath: path)
    if recording || !exists {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try PNGCodec.write(image, to: path)
        if !exists { throw SnapshotError.recorded(path: path) }
        return ComparisonResult(width: image.width, height: image.height, mismatchedPixels: 0, worstChannelDifference: 0)
    }
    do {
        return try ImageComparison.assertMatches(image, golden: path, tolerance: tolerance,
                                                 maxMismatchedPixels: maxMismatchedPixels,
                                                 artifactsDirectory: Snapshots.failureDirectory(testFile: file), record: false)
    } catch let error as ImageComparisonError {
        throw SnapshotError.mismatch(error)
    }
}


/// `assertSnapshot(of:named:…)` for an image, with the reading and the pixel loops on a thread of its own:
/// the caller's actor (the main actor, where other tests' windows run) runs other work meanwhile.
@discardableResult
nonisolated(nonsending) public func assertSnapshot(of image: Image, named name: String, tolerance: Int = 8,
                                                   maxMismatchedPixels: Int = 0,
                                                   file: String = #filePath) async throws -> ComparisonResult {
    try await onOwnThread {
        try assertSnapshot(of: image, named: name, tolerance: tolerance, maxMismatchedPixels: maxMismatchedPixels, file: file)
    }
}

/// Compares the tester's window, as it is now, with the snapshot `name` of the calling test file; the
/// window is read on the main actor, the comparison runs on a thread of its own.
@MainActor @discardableResult
public func assertSnapshot(of tester: WindowTester, named name: String, tolerance: Int = 8, maxMismatchedPixels: Int = 0,
                           file: String = #filePath) async throws -> ComparisonResult {
    let image = try tester.screenshot()
    return try await assertSnapshot(of: image, named: name, tolerance: tolerance,
                                    maxMismatchedPixels: maxMismatchedPixels, file: file)
}
