// SPDX-License-Identifier: GPL-3.0-or-later
// glibc's gettext for Swift: Glibc's module map includes <locale.h> but not <libintl.h>. No library to link:
// gettext is part of glibc.
#ifndef CARDSTACK_CGETTEXT_SHIM_H
#define CARDSTACK_CGETTEXT_SHIM_H

#include <libintl.h>
#include <locale.h>

#endif
