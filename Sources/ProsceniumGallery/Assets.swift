import Glibc
import Proscenium
import ProsceniumX11

/// Finds and loads the PNGs in the repository's `Assets/` folder: `PROSCENIUM_ASSETS` if set, else the
/// nearest `Assets/` above the executable or the working directory.
enum Assets {
    static func image(named name: String) -> Image? {
        guard let directory = directory() else {
            Console.writeError("proscenium-demo: no Assets/ folder found; set PROSCENIUM_ASSETS to show images\n")
            return nil
        }
        return image(named: name, in: directory)
    }

    /// The image `name` in `directory`, or nil after a line on standard error saying why.
    static func image(named name: String, in directory: String) -> Image? {
        do {
            // `name@2x.png` and `name@3x.png` beside it are its sharper variants for denser screens.
            return try Image(named: name, in: directory)
        } catch {
            Console.writeError("proscenium-demo: \(error)\n")
            return nil
        }
    }

    static func directory() -> String? {
        if let path = getenv("PROSCENIUM_ASSETS") { return String(cString: path) }
        var starts: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            starts.append(String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        if getcwd(&buffer, buffer.count) != nil {
            starts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/.")
        }
        for start in starts {
            var folder = start
            while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
                folder = String(folder[..<slash])
                if isDirectory(folder + "/Assets") { return folder + "/Assets" }
            }
        }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The gallery's pictures an app around it shows too.
public enum GalleryAssets {
    /// Proscenium's mark, the demo window's icon in the task switcher; nil without the `Assets/` folder.
    public static var appIcon: Image? { Assets.directory().flatMap { Assets.image(named: "proscenium-mark.png", in: $0) } }
}
