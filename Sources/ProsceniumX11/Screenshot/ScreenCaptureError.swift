/// Why reading a drawable's pixels back from the X server failed.
public enum ScreenCaptureError: Error, CustomStringConvertible, Equatable {
    /// The requested size is empty or negative.
    case invalidSize(width: Int, height: Int)
    /// The server refused a request, for example because the drawable is gone or smaller than asked.
    case serverError(drawable: UInt, detail: String)
    /// The pixels use a layout the converter does not read (only 24/32-bit TrueColor is supported).
    case unsupportedFormat(String)
    /// Shared memory was required (`.sharedMemory`) but MIT-SHM could not be used.
    case sharedMemoryUnavailable(String)

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            return "cannot capture a \(width)x\(height) area — width and height must be positive"
        case let .serverError(drawable, detail):
            return "the X server could not read back drawable 0x\(String(drawable, radix: 16)): \(detail) — check that the window still exists and the size fits inside it"
        case let .unsupportedFormat(detail):
            return "cannot convert captured pixels: \(detail) — use a TrueColor visual of depth 16, 24 or 32"
        case let .sharedMemoryUnavailable(detail):
            return "MIT-SHM capture is unavailable: \(detail) — use the XGetImage method instead"
        }
    }
}
