// SPDX-License-Identifier: GPL-3.0-or-later
// GDK's X11 backend and cairo's Xlib surfaces, kept out of CGtk so Xlib's names (Window, Display, Status, …)
// reach only the one file that needs them.
#ifndef CARDSTACK_CGDKX11_SHIM_H
#define CARDSTACK_CGDKX11_SHIM_H

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>
#endif

/// A cairo surface on `surface`'s X11 window, made as GTK 4.8's cairo renderer makes one for each frame
/// (gdkcairocontext-x11.c); NULL when `surface` is not an X11 surface.
static inline cairo_surface_t *cs_x11_window_cairo_surface(GdkSurface *surface) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(surface)) return NULL;
    Display *display = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
    Window xid = gdk_x11_surface_get_xid(surface);
    XWindowAttributes attributes;
    // GDK keeps the window's visual private; the server knows it.
    if (!XGetWindowAttributes(display, xid, &attributes)) return NULL;
    int scale = gdk_surface_get_scale_factor(surface);
    cairo_surface_t *window = cairo_xlib_surface_create(
        display, xid, attributes.visual,
        gdk_surface_get_width(surface) * scale, gdk_surface_get_height(surface) * scale);
    cairo_surface_set_device_scale(window, scale, scale);
    return window;
#else
    (void)surface;
    return NULL;
#endif
}

#endif
