import Testing
@testable import ProsceniumX11

/// Menu rows' shortcuts in AT-SPI's key binding form, as GTK gives them.
@Suite("AT-SPI key bindings")
struct KeyBindingTests {
    @Test("\"Ctrl+Shift+Z\" is ;;<Control><Shift>z; none is empty")
    @MainActor func keyBindings() {
        #expect(ATSPI.keyBinding("Ctrl+C") == ";;<Control>c")
        #expect(ATSPI.keyBinding("Ctrl+Shift+Z") == ";;<Control><Shift>z")
        #expect(ATSPI.keyBinding("Alt+F4") == ";;<Alt>F4")
        #expect(ATSPI.keyBinding(nil) == "" && ATSPI.keyBinding("") == "")
    }

    @Test("Keys named as menus name them get X's keysym names; \"Ctrl++\" is the plus key")
    @MainActor func keysymNames() {
        #expect(ATSPI.keyBinding("Ctrl+PgDown") == ";;<Control>Page_Down")
        #expect(ATSPI.keyBinding("Esc") == ";;Escape")
        #expect(ATSPI.keyBinding("Shift+Del") == ";;<Shift>Delete")
        #expect(ATSPI.keyBinding("Ctrl++") == ";;<Control>plus")
        #expect(ATSPI.keyBinding("Ctrl+-") == ";;<Control>minus" && ATSPI.keyBinding("Ctrl+,") == ";;<Control>comma")
        #expect(ATSPI.keyBinding("Alt+1") == ";;<Alt>1")
    }
}
