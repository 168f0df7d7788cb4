/// A height a bottom sheet rests at, as UIKit's `UISheetPresentationController.Detent`: `medium` (half the
/// container), `large` (the container less a top margin), or any height computed from the container size.
public struct SheetDetent: Sendable {
    /// Names a detent, so a selection survives the container changing size.
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier written as a string literal: `.custom(identifier: "peek")`.
        public init(stringLiteral value: String) { rawValue = value }

        /// Half the container's height.
        public static let medium = Identifier(rawValue: "medium")
        /// The container's height less `SheetDetent.largeTopMargin`.
        public static let large = Identifier(rawValue: "large")
    }

    /// The gap a large sheet leaves at the top, so what it covers still shows it is a sheet.
    public static let largeTopMargin = 10.0

    /// The name `selectedDetentIdentifier` and `largestUndimmedDetentIdentifier` refer to this detent by.
    public let identifier: Identifier
    /// The sheet's height in a container of the given size.
    public let resolver: @Sendable (Size) -> Double

    /// Half the container's height.
    public static func medium() -> SheetDetent {
        SheetDetent(identifier: .medium) { ($0.height / 2).rounded() }
    }

    /// The container's height less the top margin.
    public static func large() -> SheetDetent {
        SheetDetent(identifier: .large) { max(0, $0.height - largeTopMargin) }
    }

    /// A detent whose height `resolver` computes from the container's size.
    public static func custom(identifier: Identifier, resolver: @escaping @Sendable (Size) -> Double) -> SheetDetent {
        SheetDetent(identifier: identifier, resolver: resolver)
    }

    /// The height in a container of `size`, kept between 0 and the container's height.
    public func height(in size: Size) -> Double {
        let height = resolver(size)
        return height.isFinite ? min(max(height, 0), size.height) : 0
    }
}

/// Hears about a bottom sheet's detent changes, as UIKit's `UISheetPresentationControllerDelegate`.
@MainActor public protocol SheetPresentationControllerDelegate: AnyObject {
    /// The sheet settled at another detent: by a drag, or by code.
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: BottomSheetPresentationController)
}

/// A grabber: the short rounded bar at the top of a sheet that says it can be dragged.
@MainActor final class SheetGrabberView: View {
    static let size = Size(width: 36, height: 5)
    static let topInset = 6.0

    init() {
        super.init(frame: Rect(origin: .zero, size: Self.size))
        identifier = "grabber"
        backgroundColor = Color(white: 0.55, alpha: 0.6)
        cornerRadius = Self.size.height / 2
        isUserInteractionEnabled = false
    }
}
