/// Why an image did not match its golden; the message says where the actual image and diff were written.
public enum ImageComparisonError: Error, CustomStringConvertible {
    /// Too many pixels differ by more than the tolerance.
    case mismatch(golden: String, result: ComparisonResult, tolerance: Int, allowed: Int, artifacts: String)
    /// The images have different sizes ("640x480").
    case sizeMismatch(golden: String, actual: String, expected: String, artifacts: String)
    /// There is no golden file yet.
    case missingGolden(path: String, artifacts: String)

    private static let rerecord = "if the change is intended, re-record with \(ImageComparison.recordVariable)=1"

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case let .mismatch(golden, result, tolerance, allowed, artifacts):
            return "image differs from golden '\(golden)': \(result.mismatchedPixels) mismatched pixels "
                + "(more than \(tolerance) apart in some channel; \(allowed) allowed), worst channel difference "
                + "\(result.worstChannelDifference) — see \(artifacts); \(Self.rerecord)"
        case let .sizeMismatch(golden, actual, expected, artifacts):
            return "image is \(actual) but golden '\(golden)' is \(expected) — see \(artifacts); \(Self.rerecord)"
        case let .missingGolden(path, artifacts):
            return "no golden image at '\(path)' — the actual image is \(artifacts); "
                + "record goldens with \(ImageComparison.recordVariable)=1"
        }
    }
}
