import Proscenium

/// The `Warnings` lines `body` emits, in order; the handler in place before is put back after it.
@MainActor func collectingWarnings(_ body: () throws -> Void) rethrows -> [String] {
    var warnings: [String] = []
    let previous = Warnings.handler
    Warnings.handler = { warnings.append($0) }
    defer { Warnings.handler = previous }
    try body()
    return warnings
}
