// SPDX-License-Identifier: GPL-3.0-or-later
// cmark-gfm: the CommonMark reference parser with GitHub's extensions (task lists, strikethrough, autolinks),
// which reads the Markdown of a list's bodies.
#ifndef CARDSTACK_CCMARK_SHIM_H
#define CARDSTACK_CCMARK_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>

#endif
