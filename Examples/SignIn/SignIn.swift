import Proscenium
import ProsceniumX11

/// A sign-in form: an email field and a password field stacked with a switch that shows the password and a
/// button that stays greyed until both are filled. Return moves from the email to the password and then
/// signs in; the result comes in an alert.
final class SignInController: ViewController, TextFieldDelegate {
    let email = TextField(placeholder: "Email")
    let password = TextField(placeholder: "Password")
    let showPassword = Switch()
    let signIn = Button(title: "Sign In")
    private let form = StackView()

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        email.identifier = "email"
        password.identifier = "password"
        password.isSecureTextEntry = true
        showPassword.identifier = "show-password"
        showPassword.accessibilityLabel = "Show password"
        signIn.identifier = "sign-in"
        for field in [email, password] {
            field.delegate = self
            field.addEditingChangedAction { [unowned self] _ in updateSignIn() }
        }
        showPassword.addAction(for: .valueChanged) { [unowned self] _ in password.isSecureTextEntry = !showPassword.isOn }
        signIn.addAction { [unowned self] _ in submit() }
        let showRow = StackView(arrangedSubviews: [Label(text: "Show password"), showPassword])
        showRow.alignment = .center
        form.axis = .vertical
        form.spacing = 12
        for row in [Label(text: "Sign in to continue"), email, password, showRow, signIn] { form.addArrangedSubview(row) }
        view.addSubview(form)
        updateSignIn()
    }

    override func viewWillAppear(_ animated: Bool) {
        // Works before the view is in the window: the field takes the keyboard as soon as it is.
        email.becomeFirstResponder()
    }

    override func viewDidLayoutSubviews() {
        let width = min(360, view.bounds.width - 48)
        let height = form.sizeThatFits(Size(width: width, height: view.bounds.height)).height
        form.frame = Rect(x: (view.bounds.width - width) / 2, y: 48, width: width, height: height)
    }

    /// Return in the email field moves to the password; in the password field it signs in.
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === email { password.becomeFirstResponder() } else { submit() }
        return false
    }

    private func updateSignIn() {
        signIn.isEnabled = !email.text.isEmpty && !password.text.isEmpty
    }

    private func submit() {
        guard signIn.isEnabled else { return }
        let alert = AlertController(title: "Signed In", message: "Welcome, \(email.text).", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}

@main enum SignIn {
    @MainActor static func main() {
        Application.run(SignInController())
    }
}
