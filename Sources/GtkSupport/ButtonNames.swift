// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Gives every button under `root` the name a person sees on it, for the buttons GTK and libadwaita make
/// themselves (a toast's Undo and close buttons, a message dialog's responses, a drop-down's toggle, the menu
/// buttons of the Keyboard Shortcuts window), which can't be made with ``mnemonicButton(_:)``.
///
/// GTK 4.8 names a button labelled with a mnemonic by its inner label's raw text and then its own label
/// ("_Undo Undo"), and a button showing a picture or a box by its child's class ("GtkImage",
/// "GtkToggleButton"). So a mnemonic button is named by its label as shown, a button showing text by that text,
/// a button showing only an icon by `iconNames[icon]`, and one showing nothing of these (an arrow GTK draws
/// itself) `unnamed`. A name given to a button before is replaced, as GTK has no call to read one back: call
/// this only where every button is one of these.
public func nameButtonsAsShown(under root: UnsafeMutablePointer<GtkWidget>, iconNames: [String: String] = [:], otherwise unnamed: String? = nil) {
    let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(root))
    let isButton = g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0
    if isButton || g_type_check_instance_is_a(instance, gtk_menu_button_get_type()) != 0,
       let name = (isButton ? shownName(ofButton: root, iconNames: iconNames) : shownName(under: root, iconNames: iconNames)) ?? unnamed {
        gtk_accessible_reset_relation(OpaquePointer(root), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        cs_accessible_set_label(OpaquePointer(root), name)
    }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        nameButtonsAsShown(under: current, iconNames: iconNames, otherwise: unnamed)
        child = gtk_widget_get_next_sibling(current)
    }
}

/// What `button` shows: its label (a mnemonic's without the underscore), the text of the labels inside it, or
/// the name given to its icon; nil when it shows none of these.
private func shownName(ofButton button: UnsafeMutablePointer<GtkWidget>, iconNames: [String: String]) -> String? {
    if let label = String(borrowingGLibString: gtk_button_get_label(button.cast())), !label.isEmpty {
        return gtk_button_get_use_underline(button.cast()) != 0 ? shownText(ofMnemonic: label) : label
    }
    return shownName(under: button, iconNames: iconNames)
}

/// The text of the labels shown under `widget`, or the name given to the icon it shows.
func shownName(under widget: UnsafeMutablePointer<GtkWidget>, iconNames: [String: String]) -> String? {
    var texts: [String] = []
    var icon: String?
    collectShown(under: widget, texts: &texts, icon: &icon)
    if !texts.isEmpty { return texts.joined(separator: " ") }
    return icon.flatMap { iconNames[$0] }
}

/// The visible labels' texts under `widget`, in order, and the first icon's name.
private func collectShown(under widget: UnsafeMutablePointer<GtkWidget>, texts: inout [String], icon: inout String?) {
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if gtk_widget_get_visible(current) != 0, gtk_widget_get_child_visible(current) != 0 {
            let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current))
            if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
                if let text = String(borrowingGLibString: gtk_label_get_text(OpaquePointer(current))), !text.isEmpty { texts.append(text) }
            } else if g_type_check_instance_is_a(instance, gtk_image_get_type()) != 0 {
                if icon == nil { icon = String(borrowingGLibString: gtk_image_get_icon_name(OpaquePointer(current))) }
            } else {
                collectShown(under: current, texts: &texts, icon: &icon)
            }
        }
        child = gtk_widget_get_next_sibling(current)
    }
}

/// Presents `dialog` (an `AdwMessageDialog`) with its response buttons, and any other button GTK made in it,
/// named as shown (``nameButtonsAsShown(under:iconNames:)``): libadwaita 1.2 labels responses with mnemonics,
/// which GTK 4.8 speaks "_Cancel Cancel".
public func presentNamingButtons(_ dialog: UnsafeMutablePointer<GtkWidget>) {
    nameButtonsAsShown(under: dialog)
    gtk_window_present(dialog.cast())
}
