import Proscenium

/// A long list worth scrolling: the names of the first 10,000 named Unicode characters in a table view
/// that reuses its cells, presented full screen. A click selects a row; nothing is pushed yet. Pulling the
/// list down past its top refreshes it, as a mail list checks for mail: the spinner turns for a second.
@MainActor final class ListScene: SceneController, TableViewDataSource, TableViewDelegate {
    override class var sceneName: String { "list" }

    /// How many rows the list shows.
    static let rowCount = 10_000

    private let titleLabel = SceneController.label("Characters", size: 22, weight: .bold)
    private let header = View()
    let tableView = TableView()
    private let characters = UnicodeCharacters.first(rowCount)
    private let refreshControl = RefreshControl()
    /// The refresh's stand-in for work, ending it after a second.
    private var refreshWork: FrameTimer?

    override init() {
        super.init()
        modalPresentationStyle = .fullScreen
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        header.backgroundColor = Color(light: Color(hex: 0xF9F9F9), dark: Color(hex: 0x1C1C1E))
        header.identifier = "list-header"
        tableView.identifier = "list"
        tableView.rowHeight = 52
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "character")
        tableView.dataSource = self
        tableView.delegate = self
        refreshControl.title = "Checking the list…"
        refreshControl.addAction(for: .valueChanged) { [weak self] _ in self?.refresh() }
        tableView.refreshControl = refreshControl
        view.addSubview(tableView)
        view.addSubview(header)
        header.addSubview(titleLabel)
        header.addSubview(dismissButton)
    }

    override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        header.frame = Rect(x: 0, y: 0, width: bounds.width, height: 56)
        titleLabel.frame = Rect(x: 16, y: 12, width: max(0, bounds.width - 160), height: 32)
        dismissButton.frame = Rect(x: bounds.width - 16 - 112, y: 8, width: 112, height: 40)
        tableView.frame = Rect(x: 0, y: 56, width: bounds.width, height: max(0, bounds.height - 56))
    }

    private func refresh() {
        refreshWork?.invalidate()
        refreshWork = view.window?.scheduleTimer(after: 1) { [weak self] _ in
            self?.refreshControl.endRefreshing()
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        refreshWork?.invalidate()
        refreshControl.endRefreshing()
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { characters.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "character", for: indexPath)
        let scalar = characters[indexPath.row]
        cell.textLabel.text = UnicodeCharacters.title(of: scalar)
        cell.detailTextLabel.text = UnicodeCharacters.detail(of: scalar)
        cell.identifier = "row-\(indexPath.row)"
        return cell
    }
}

/// The characters the list shows and the words it shows for each.
enum UnicodeCharacters {
    /// The first `count` assigned characters from U+0020 on, control characters and surrogates left out.
    /// Only the category is read here: the names are looked up as rows come into view, so the name
    /// tables are touched for the rows shown, not for 10,000 of them.
    static func first(_ count: Int) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(count)
        var value: UInt32 = 0x20
        while result.count < count, value <= 0x10FFFF {
            if let scalar = Unicode.Scalar(value) {
                switch scalar.properties.generalCategory {
                case .control, .unassigned, .surrogate, .privateUse: break
                default: result.append(scalar)
                }
            }
            value += 1
        }
        return result
    }

    /// The character and its name, "A  LATIN CAPITAL LETTER A"; combining marks are shown on a circle.
    static func title(of scalar: Unicode.Scalar) -> String {
        let glyph = scalar.properties.generalCategory == .nonspacingMark ? "\u{25CC}\(Character(scalar))" : String(Character(scalar))
        return "\(glyph)  \(scalar.properties.name ?? "")"
    }

    /// The code point and the kind of character, "U+0041 · uppercase letter".
    static func detail(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return "\(code) · \(kind(of: scalar.properties.generalCategory))"
    }

    private static func kind(of category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: return "uppercase letter"
        case .lowercaseLetter: return "lowercase letter"
        case .titlecaseLetter: return "titlecase letter"
        case .modifierLetter: return "modifier letter"
        case .otherLetter: return "letter"
        case .nonspacingMark, .spacingMark, .enclosingMark: return "combining mark"
        case .decimalNumber, .letterNumber, .otherNumber: return "number"
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return "punctuation"
        case .mathSymbol: return "mathematical symbol"
        case .currencySymbol: return "currency symbol"
        case .modifierSymbol, .otherSymbol: return "symbol"
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return "space"
        default: return "other"
        }
    }
}
