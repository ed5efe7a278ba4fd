// SPDX-License-Identifier: GPL-3.0-or-later
// libadwaita for Swift. Everything we call is a plain function, so the shim is only the umbrella header.
#ifndef CARDSTACK_CADW_SHIM_H
#define CARDSTACK_CADW_SHIM_H

#include <adwaita.h>

#endif
