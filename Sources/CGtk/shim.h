// SPDX-License-Identifier: GPL-3.0-or-later
// GTK 4 for Swift: the headers, plus `static inline` shims for what Swift cannot import (macros, variadics).
#ifndef CARDSTACK_CGTK_SHIM_H
#define CARDSTACK_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <locale.h>

/// G_TYPE_* fundamentals are macros over G_TYPE_MAKE_FUNDAMENTAL.
static inline GType cs_type_string(void) { return G_TYPE_STRING; }
static inline GType cs_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cs_type_int(void) { return G_TYPE_INT; }
static inline GType cs_type_object(void) { return G_TYPE_OBJECT; }

/// G_VARIANT_TYPE_STRING is a cast macro.
static inline const GVariantType *cs_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *cs_variant_type_int64(void) { return G_VARIANT_TYPE_INT64; }

/// GTK_TYPE_* are macros over the *_get_type functions.
static inline GType cs_type_widget(void) { return GTK_TYPE_WIDGET; }
static inline GType cs_type_file(void) { return G_TYPE_FILE; }
static inline GType cs_type_file_list(void) { return GDK_TYPE_FILE_LIST; }

/// GTK_WIDGET_GET_CLASS and G_OBJECT_GET_CLASS are macros.
static inline GtkWidgetClass *cs_widget_get_class(gpointer instance) { return GTK_WIDGET_GET_CLASS(instance); }
static inline GObjectClass *cs_object_get_class(gpointer instance) { return G_OBJECT_GET_CLASS(instance); }

/// Whether a pointer is a live GObject instance; G_IS_OBJECT is a macro.
static inline gboolean cs_is_object(gpointer instance) { return G_IS_OBJECT(instance); }

/// gtk_accessible_update_property is variadic: one shim per property we set.
static inline void cs_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cs_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/// gtk_accessible_update_state is variadic too.
static inline void cs_accessible_set_expanded(GtkAccessible *accessible, gboolean expanded) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

/// A dialog is modal to assistive technologies (a sheet over the page).
static inline void cs_accessible_set_modal(GtkAccessible *accessible, gboolean modal) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_MODAL, modal, -1);
}

/// A widget's accessible role is a construct-only property, so a box with another role (a sheet is a dialog)
/// is made with it.
static inline GtkWidget *cs_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing, "accessible-role", role, NULL));
}

/// PANGO_SCALE and PANGO_PIXELS are macros.
static inline int cs_pango_scale(void) { return PANGO_SCALE; }

/// g_object_set is variadic; these set the single properties we need.
static inline void cs_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}
static inline void cs_object_set_boolean(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}
static inline void cs_object_set_int(gpointer object, const char *name, int value) {
    g_object_set(object, name, value, NULL);
}
static inline void cs_object_set_double(gpointer object, const char *name, double value) {
    g_object_set(object, name, value, NULL);
}
static inline int cs_object_get_int(gpointer object, const char *name) {
    int value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}
static inline gboolean cs_object_get_boolean(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}


// The calling thread alone to the lowest priority (nice 19), for a thread of its own doing background work that
// must never slow what is on screen: on Linux a thread is a task to setpriority, named by gettid, which Swift
// can't call. Only a thread that ends with its work: an unprivileged thread can't be raised again.
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
static inline void cs_lower_thread_priority(void) { setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19); }

#endif
