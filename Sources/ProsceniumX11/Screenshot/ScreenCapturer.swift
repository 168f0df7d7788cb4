import CX11
import Proscenium
#if canImport(Glibc)
import Glibc
#endif

/// How a capture reads pixels back from the X server.
public enum CaptureMethod: Sendable, Equatable, CustomStringConvertible {
    /// MIT-SHM when the server offers it and it works, otherwise XGetImage.
    case automatic
    /// MIT-SHM only: the server writes into a shared segment. Fails when it is unavailable.
    case sharedMemory
    /// XGetImage only: the pixels travel through the connection.
    case getImage

    /// The name of the X request the method uses.
    public var description: String {
        switch self {
        case .automatic: return "automatic"
        case .sharedMemory: return "XShmGetImage"
        case .getImage: return "XGetImage"
        }
    }
}

/// Reads drawables' pixels from one X connection; keeps its MIT-SHM segment between captures of one size,
/// so repeated captures (benchmarks, frame-by-frame checks) do not pay for setting it up each time. On the
/// main actor, for the reason `ScreenCapture` gives.
@MainActor public final class ScreenCapturer {
    /// The Xlib `Display *` the captures go through.
    public let display: OpaquePointer
    /// The method asked for at creation.
    public let method: CaptureMethod
    /// The method the last successful capture actually used (`.sharedMemory` or `.getImage`).
    public private(set) var lastMethod: CaptureMethod?

    private var segment: SharedImage?
    /// Why MIT-SHM could not be set up; once set, automatic captures go straight to XGetImage.
    private var sharedMemoryProblem: String?

    /// A capturer for `display` that reads pixels with `method`.
    public init(display: OpaquePointer, method: CaptureMethod = .automatic) {
        self.display = display
        self.method = method
    }

    isolated deinit {
        releaseSharedMemory()
    }

    /// Detaches and frees the cached shared-memory segment, if any. The next capture makes a new one.
    public func releaseSharedMemory() {
        segment?.release(on: display)
        segment = nil
    }

    /// The top-left `width` x `height` pixels of `drawable` (a window or pixmap), as the server has them.
    public func capture(drawable: UInt, width: Int, height: Int) throws(ScreenCaptureError) -> Image {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        let target = try describe(drawable)
        switch method {
        case .getImage:
            return try captureWithGetImage(drawable, width: width, height: height, target: target)
        case .sharedMemory:
            return try captureWithSharedMemory(drawable, width: width, height: height, target: target).get()
        case .automatic:
            if sharedMemoryProblem == nil,
               case .success(let image) = captureWithSharedMemory(drawable, width: width, height: height, target: target) {
                return image
            }
            return try captureWithGetImage(drawable, width: width, height: height, target: target)
        }
    }

    // MARK: - The two methods

    private func captureWithGetImage(_ drawable: UInt, width: Int, height: Int,
                                     target: Target) throws(ScreenCaptureError) -> Image {
        let (ximage, errors) = XErrorTrap.run(on: display) {
            // AllPlanes: every bit of every pixel.
            XGetImage(display, drawable, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap)
        }
        guard let ximage, errors.isEmpty else {
            if let ximage { _ = ximage.pointee.f.destroy_image(ximage) }
            throw .serverError(drawable: drawable, detail: "XGetImage failed: " + (errors.first ?? "no image returned"))
        }
        // XDestroyImage is a macro; its function pointer frees the pixels and the struct.
        defer { _ = ximage.pointee.f.destroy_image(ximage) }
        let image = try XImageConversion.image(from: ximage, width: width, height: height, fallbackMasks: target.masks)
        lastMethod = .getImage
        return image
    }

    private func captureWithSharedMemory(_ drawable: UInt, width: Int, height: Int,
                                         target: Target) -> Result<Image, ScreenCaptureError> {
        if let problem = sharedMemoryProblem { return .failure(.sharedMemoryUnavailable(problem)) }
        if let segment, !segment.fits(width: width, height: height, target: target) {
            releaseSharedMemory()
        }
        if segment == nil {
            switch SharedImage.make(on: display, width: width, height: height, target: target) {
            case .success(let made): segment = made
            case .failure(let problem):
                sharedMemoryProblem = problem.reason
                return .failure(.sharedMemoryUnavailable(problem.reason))
            }
        }
        guard let segment else { return .failure(.sharedMemoryUnavailable("no segment")) }
        let (status, errors) = XErrorTrap.run(on: display) {
            XShmGetImage(display, drawable, segment.image, 0, 0, UInt.max)
        }
        guard status != 0, errors.isEmpty else {
            return .failure(.serverError(drawable: drawable, detail: "XShmGetImage failed: " + (errors.first ?? "status 0")))
        }
        do {
            let image = try XImageConversion.image(from: segment.image, width: width, height: height, fallbackMasks: target.masks)
            lastMethod = .sharedMemory
            return .success(image)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - The drawable's format

    /// What the converter needs to know about a drawable: its depth, visual and channel masks.
    struct Target: Equatable {
        var depth: Int32
        var visual: UnsafeMutablePointer<Visual>
        var masks: XImageConversion.Masks { (visual.pointee.red_mask, visual.pointee.green_mask, visual.pointee.blue_mask) }
    }

    /// The window's own visual, or for a pixmap a TrueColor visual of its depth.
    private func describe(_ drawable: UInt) throws(ScreenCaptureError) -> Target {
        var attributes = XWindowAttributes()
        let (isWindow, windowErrors) = XErrorTrap.run(on: display) { XGetWindowAttributes(display, drawable, &attributes) }
        if isWindow != 0, windowErrors.isEmpty, let visual = attributes.visual {
            return Target(depth: attributes.depth, visual: visual)
        }
        var root: CX11.Window = 0
        var x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        let (found, errors) = XErrorTrap.run(on: display) {
            XGetGeometry(display, drawable, &root, &x, &y, &width, &height, &border, &depth)
        }
        guard found != 0, errors.isEmpty else {
            throw .serverError(drawable: drawable, detail: "not a window or pixmap (" + (errors.first ?? "XGetGeometry failed") + ")")
        }
        let screen = (0..<XScreenCount(display)).first { XRootWindow(display, $0) == root } ?? XDefaultScreen(display)
        var info = XVisualInfo()
        guard XMatchVisualInfo(display, screen, Int32(depth), TrueColor, &info) != 0, let visual = info.visual else {
            throw .unsupportedFormat("no TrueColor visual of depth \(depth) for the pixmap")
        }
        return Target(depth: Int32(depth), visual: visual)
    }
}

/// An XImage whose pixels live in a System V shared-memory segment the X server has attached.
private final class SharedImage {
    let image: UnsafeMutablePointer<XImage>
    let info: UnsafeMutablePointer<XShmSegmentInfo>
    let target: ScreenCapturer.Target

    private init(image: UnsafeMutablePointer<XImage>, info: UnsafeMutablePointer<XShmSegmentInfo>, target: ScreenCapturer.Target) {
        self.image = image
        self.info = info
        self.target = target
    }

    func fits(width: Int, height: Int, target: ScreenCapturer.Target) -> Bool {
        Int(image.pointee.width) == width && Int(image.pointee.height) == height && self.target == target
    }

    /// Creates the image and segment and has the server attach it; on failure says why, with nothing left over.
    static func make(on display: OpaquePointer, width: Int, height: Int,
                     target: ScreenCapturer.Target) -> Result<SharedImage, SharedMemoryProblem> {
        guard XShmQueryExtension(display) != 0 else { return .failure(.init("the X server does not offer MIT-SHM")) }
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, target.visual, UInt32(target.depth), ZPixmap, nil, info,
                                          UInt32(width), UInt32(height)) else {
            info.deallocate()
            return .failure(.init("XShmCreateImage failed for \(width)x\(height) at depth \(target.depth)"))
        }
        // XShm's destroy_image frees only the struct, never the shared pixels.
        func discard() {
            _ = image.pointee.f.destroy_image(image)
            info.deallocate()
        }
        let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            return .failure(.init("shmget of \(bytes) bytes failed: \(reason)"))
        }
        let address = shmat(id, nil, 0)
        let attachError = errno
        // Marked for removal at once, while only this process has it: the segment then disappears when the
        // last side detaches, even if this process dies or the connection is lost (exit 1 from the I/O
        // error handler) before XShmAttach returns. Linux still lets the server attach a segment marked so,
        // by its id, as long as someone has it attached — this process does from here on.
        shmctl(id, IPC_RMID, nil)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            let reason = String(cString: strerror(attachError))
            discard()
            return .failure(.init("shmat failed: \(reason)"))
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        image.pointee.data = info.pointee.shmaddr

        // Some servers refuse (BadAccess, e.g. across containers); the trap turns that into a fallback.
        let (attached, errors) = XErrorTrap.run(on: display) { XShmAttach(display, info) }
        guard attached != 0, errors.isEmpty else {
            shmdt(address)
            discard()
            return .failure(.init("XShmAttach failed: " + (errors.first ?? "status 0")))
        }
        return .success(SharedImage(image: image, info: info, target: target))
    }

    /// Has the server detach, then unmaps the segment and frees the XImage.
    func release(on display: OpaquePointer) {
        XShmDetach(display, info)
        XFlush(display)
        let address = info.pointee.shmaddr
        _ = image.pointee.f.destroy_image(image)
        if let address { shmdt(address) }
        info.deallocate()
    }
}

/// Why a shared-memory segment could not be set up.
private struct SharedMemoryProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
