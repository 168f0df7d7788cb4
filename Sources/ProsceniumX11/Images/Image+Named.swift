import Dispatch
import Glibc
import Proscenium

/// Loading an app's images from a folder, as UIKit's `UIImage(named:in:compatibleWith:)` does from a
/// bundle: `name@2x.png` and `name@3x.png` beside `name.png` (or `.jpg`) are its sharper variants, which a
/// window of that scale draws instead (`Image.representation(forScale:)`).
extension Image {
    /// The image `name` in `directory`, a PNG or a JPEG (".jpg" or ".jpeg"), with its `@2x` and `@3x`
    /// variants when they are there. A `name` with no extension is looked for as ".png", then ".jpg" and
    /// ".jpeg". An image shipped only as `@2x` (or `@3x`), or asked for by that name, is that many pixels
    /// a point, as in UIKit: its 1x size is its pixels divided by its scale. Throws a `PNGError` naming the
    /// file that is missing, unreadable, not an image, truncated or too large; nothing is half-loaded.
    public convenience init(named name: String, in directory: String) throws(PNGError) {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let known = [".png", ".jpg", ".jpeg"]
        var stem = Substring(name)
        var extensions = known
        if let given = known.first(where: { name.lowercased().hasSuffix($0) }) {
            stem = name.dropLast(given.count)
            extensions = [String(name.suffix(given.count))]
        }
        // "mark@2x" names the family of "mark".
        for scale in [2, 3] where stem.hasSuffix("@\(scale)x") { stem = stem.dropLast(3) }
        func path(_ fileExtension: String, scale: Int) -> String {
            folder + "/" + stem + (scale == 1 ? "" : "@\(scale)x") + fileExtension
        }
        let fileExtension = extensions.first { ext in [1, 2, 3].contains { access(path(ext, scale: $0), F_OK) == 0 } } ?? extensions[0]
        var variants: [Double: Image] = [:]
        for scale in [2, 3] where access(path(fileExtension, scale: scale), F_OK) == 0 {
            variants[Double(scale)] = try Self.decodeFile(path(fileExtension, scale: scale))
        }
        let base: Image
        if access(path(fileExtension, scale: 1), F_OK) != 0, let (scale, nearest) = variants.min(by: { $0.key < $1.key }) {
            base = ImageCache.boxReduced(nearest, by: Int(scale))
        } else {
            base = try Self.decodeFile(path(fileExtension, scale: 1))
        }
        self.init(width: base.width, height: base.height, pixels: base.pixels, variants: variants)
    }

    /// The image file at `path`: a JPEG by its extension, else a PNG.
    private static func decodeFile(_ path: String) throws(PNGError) -> Image {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg")
            ? try JPEGCodec.read(contentsOf: path) : try PNGCodec.read(contentsOf: path)
    }

    /// Decodes `name` in `directory` (as `init(named:in:)`) off the main actor, then calls `completion` on
    /// the main actor with the image or the error: a large image does not hold up the frames.
    public static func load(named name: String, in directory: String,
                            completion: @escaping @MainActor @Sendable (Result<Image, PNGError>) -> Void) {
        DispatchQueue.background("image-decoding", qos: .userInitiated).async {
            let result: Result<Image, PNGError>
            do throws(PNGError) {
                result = .success(try Image(named: name, in: directory))
            } catch {
                result = .failure(error)
            }
            DispatchQueue.main.async { completion(result) }
        }
    }
}
