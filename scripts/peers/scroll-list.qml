// The scroll scenario's Qt Quick peer: a 10,000-row list as the gallery's `list` scene shows it (a
// character, its code point and a line of text per row, 52-point rows, a separator), in a 1280x800 window.
// Run: QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml scroll-list.qml
import QtQuick

Window {
    width: 1280; height: 800
    visible: true
    title: "scroll list (Qt Quick)"
    color: "white"

    ListView {
        anchors.fill: parent
        model: 10000
        boundsBehavior: Flickable.DragAndOvershootBounds
        delegate: Rectangle {
            required property int index
            width: ListView.view.width; height: 52
            color: "white"
            Text {
                x: 16; anchors.verticalCenter: parent.verticalCenter
                text: String.fromCodePoint(0x21 + parent.index)
                font.pixelSize: 22; color: "#1C1C1E"
            }
            Text {
                x: 64; anchors.verticalCenter: parent.verticalCenter
                text: "U+" + (0x21 + parent.index).toString(16).toUpperCase().padStart(4, "0")
                      + "  LETTER OR SYMBOL NUMBER " + parent.index
                font.pixelSize: 17; color: "#1C1C1E"
            }
            Rectangle { x: 16; y: 51; width: parent.width - 16; height: 1; color: "#C6C6C8" }
        }
    }
}
