import Proscenium

extension DisplayCommand {
    /// True for the commands that open a group.
    var isPush: Bool {
        switch self {
        case .pushClip, .pushOpacity, .pushTransform, .pushRasterized: return true
        default: return false
        }
    }

    /// True for push and pop commands, which draw nothing themselves.
    var isGroupMarker: Bool {
        switch self {
        case .pushClip, .pushOpacity, .pushTransform, .pushRasterized,
             .popClip, .popOpacity, .popTransform, .popRasterized: return true
        default: return false
        }
    }
}
