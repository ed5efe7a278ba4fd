// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A button labelled with a mnemonic ("_Start Over": Alt+S presses it) whose accessible name is the label as
/// shown. GTK 4.8 names such a button with its inner label's raw text (it is "labelled by" it) followed by its
/// own label ("_Start Over Start Over"), which a screen reader reads out, underscore and all.
public func mnemonicButton(_ label: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = created(gtk_button_new_with_mnemonic(label))
    setMnemonicButtonLabel(button, label)
    return button
}

/// Relabels a ``mnemonicButton(_:)`` and its accessible name.
public func setMnemonicButtonLabel(_ button: UnsafeMutablePointer<GtkWidget>, _ label: String) {
    gtk_button_set_label(button.cast(), label)
    gtk_accessible_reset_relation(OpaquePointer(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    cs_accessible_set_label(OpaquePointer(button), shownText(ofMnemonic: label))
}

/// "_Start Over" → "Start Over"; "Rock __n Roll" → "Rock _n Roll" (a doubled underscore shows one).
func shownText(ofMnemonic label: String) -> String {
    var shown = ""
    var escaped = false
    for character in label {
        if character == "_" && !escaped {
            escaped = true
            continue
        }
        shown.append(character)
        escaped = false
    }
    return shown
}
