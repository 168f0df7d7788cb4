import Proscenium

/// The standard controls on a form sheet, laid out by stack views as a UIKit screen would be: a switch, a
/// slider, a segmented control, a stepper with its count, a progress bar the slider drives, and a spinner
/// the switch starts and stops. Every change of a value is a `tap` line in the event log (the controls'
/// primary action), named by the control. Turning syncing on spins the spinner for a second and a half, as
/// a sync would.
@MainActor final class ControlsScene: SceneController {
    override class var sceneName: String { "controls" }

    let toggle = Switch(isOn: false)
    let slider = Slider(value: 0.4)
    let segments = SegmentedControl(items: ["Small", "Medium", "Large"])
    let stepper = Stepper(value: 1)
    let progress = ProgressView(progress: 0.4)
    let spinner = ActivityIndicatorView(style: .medium)
    private let countLabel = SceneController.label("1 copy", size: 17)
    private let sizeLabel = SceneController.label("Medium", size: 17, color: .systemGray)
    private var form: StackView!
    /// The sync running while the spinner spins.
    private var sync: FrameTimer?
    /// How long a sync takes.
    static let syncDuration = 1.5

    override init() {
        super.init()
        modalPresentationStyle = .formSheet
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.cornerRadius = 12
        toggle.identifier = "syncing"
        slider.identifier = "volume"
        segments.identifier = "size"
        stepper.identifier = "copies"
        progress.identifier = "progress"
        spinner.identifier = "spinner"
        segments.selectedSegmentIndex = 1
        stepper.minimumValue = 1
        stepper.maximumValue = 10
        stepper.value = 1

        toggle.addAction(for: .valueChanged) { [weak self] _ in self?.syncingChanged() }
        slider.addAction(for: .valueChanged) { [weak self] _ in self?.volumeChanged() }
        segments.addAction(for: .valueChanged) { [weak self] _ in self?.sizeChanged() }
        stepper.addTarget(self, action: ControlsScene.copiesChanged, for: .valueChanged)

        let title = SceneController.label("Controls", size: 28, weight: .bold)
        let syncing = row("Syncing", [spinner, toggle])
        let volume = StackView(arrangedSubviews: [SceneController.label("Volume", size: 17), slider])
        volume.axis = .vertical
        volume.spacing = 8
        let size = row("Size", [sizeLabel])
        let copies = row("Copies", [countLabel, stepper])
        // A view with no size of its own takes the room left, keeping Dismiss at the bottom.
        let spacer = View()
        form = StackView(arrangedSubviews: [title, syncing, volume, progress, size, segments, copies, spacer, dismissButton])
        form.axis = .vertical
        form.spacing = 16
        form.setCustomSpacing(24, after: title)
        form.isLayoutMarginsRelativeArrangement = true
        form.layoutMargins = EdgeInsets(top: 24, left: 24, bottom: 24, right: 24)
        view.addSubview(form)
    }

    /// A row: a title on the left, `trailing` views after it at their own sizes, centred on it.
    private func row(_ title: String, _ trailing: [View]) -> StackView {
        let label = SceneController.label(title, size: 17)
        // The title takes the room left; the controls keep their sizes.
        label.setContentHuggingPriority(.defaultLow, for: .horizontal)
        for view in trailing { view.setContentHuggingPriority(.defaultHigh, for: .horizontal) }
        let row = StackView(arrangedSubviews: [label] + trailing)
        row.alignment = .center
        row.spacing = 12
        return row
    }

    override func viewDidLayoutSubviews() {
        form.frame = view.bounds
    }

    /// Turning syncing on runs a sync: the spinner spins for `syncDuration` seconds, then stops (and the
    /// window goes back to drawing nothing). Turning it off stops it at once.
    private func syncingChanged() {
        sync?.invalidate()
        sync = nil
        guard toggle.isOn else { return spinner.stopAnimating() }
        spinner.startAnimating()
        sync = view.window?.scheduleTimer(after: Self.syncDuration) { [weak self] _ in
            self?.spinner.stopAnimating()
            self?.sync = nil
        }
    }

    private func volumeChanged() {
        progress.setProgress(slider.value, animated: true)
    }

    private func sizeChanged() {
        sizeLabel.text = segments.titleForSegment(at: segments.selectedSegmentIndex) ?? ""
    }

    private func copiesChanged(_ sender: Control) {
        let count = Int(stepper.value)
        countLabel.text = count == 1 ? "1 copy" : "\(count) copies"
    }
}
