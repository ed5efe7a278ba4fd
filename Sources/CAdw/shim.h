// SPDX-License-Identifier: GPL-3.0-or-later
// libadwaita for Swift. Everything we call is a plain function, so the shim is only the umbrella headers.
#ifndef CARDSTACK_CADW_SHIM_H
#define CARDSTACK_CADW_SHIM_H

// GTK comes in through CGtk's module first, so its declarations belong to CGtk alone (and CAdw re-exports them):
// were <gtk/gtk.h> also read as part of this module, a GTK enum's cases could end up visible only to the files
// that import CAdw.
#include "../CGtk/shim.h"
#include <adwaita.h>

#endif
