import Dispatch
import Glibc
import Proscenium

/// Loading an app's images from a folder, as UIKit's `UIImage(named:in:compatibleWith:)` does from a
/// bundle: `name@2x.png` and `name@3x.png` beside `name.png` are its sharper variants, which a window of that
/// scale draws instead (`Image.representation(forScale:)`).
extension Image {
    /// The PNG `name` in `directory` (".png" added when `name` has no extension), with its `@2x` and `@3x`
    /// variants when they are there. Throws a `PNGError` naming the file that is missing, unreadable, not
    /// a PNG, truncated or too large; nothing is half-loaded.
    public convenience init(named name: String, in directory: String) throws(PNGError) {
        let file = name.hasSuffix(".png") ? name : name + ".png"
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let base = try PNGCodec.read(contentsOf: folder + "/" + file)
        var variants: [Double: Image] = [:]
        let stem = String(file.dropLast(4))
        for scale in [2, 3] {
            let path = folder + "/\(stem)@\(scale)x.png"
            if access(path, F_OK) == 0 { variants[Double(scale)] = try PNGCodec.read(contentsOf: path) }
        }
        self.init(width: base.width, height: base.height, pixels: base.pixels, variants: variants)
    }

    /// Decodes `name` in `directory` (as `init(named:in:)`) off the main actor, then calls `completion` on
    /// the main actor with the image or the error: a large image does not hold up the frames.
    public static func load(named name: String, in directory: String,
                            completion: @escaping @MainActor @Sendable (Result<Image, PNGError>) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
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
