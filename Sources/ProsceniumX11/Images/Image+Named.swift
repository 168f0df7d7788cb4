import Dispatch
import Glibc
import Proscenium

/// Loading an app's images from a folder, as UIKit's `UIImage(named:in:compatibleWith:)` does from a
/// bundle: `name@2x.png` and `name@3x.png` beside `name.png` (or `.jpg`) are its sharper variants, which a
/// window of that scale draws instead (`Image.representation(forScale:)`).
extension Image {
    /// The image `name` in `directory`, a PNG or a JPEG (".jpg" or ".jpeg"), with its `@2x` and `@3x`
    /// variants when they are there. A `name` with no extension is looked for as ".png", then ".jpg" and
    /// ".jpeg". Throws a `PNGError` naming the file that is missing, unreadable, not an image, truncated or
    /// too large; nothing is half-loaded.
    public convenience init(named name: String, in directory: String) throws(PNGError) {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let known = [".png", ".jpg", ".jpeg"]
        var file = name
        if !known.contains(where: { name.lowercased().hasSuffix($0) }) {
            file = known.map { name + $0 }.first { access(folder + "/" + $0, F_OK) == 0 } ?? name + ".png"
        }
        let base = try Self.decodeFile(folder + "/" + file)
        var variants: [Double: Image] = [:]
        let dot = file.lastIndex(of: ".")!
        let (stem, fileExtension) = (file[..<dot], file[dot...])
        for scale in [2, 3] {
            let path = folder + "/\(stem)@\(scale)x\(fileExtension)"
            if access(path, F_OK) == 0 { variants[Double(scale)] = try Self.decodeFile(path) }
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
