// SPDX-License-Identifier: GPL-3.0-or-later
// exiv2 through libgexiv2: a photo's metadata and the previews a camera embeds in its RAW files. Its types only:
// the library is loaded when a photo first needs it, and called through Exiv2Guard.
#ifndef CARDSTACK_CGEXIV2_SHIM_H
#define CARDSTACK_CGEXIV2_SHIM_H

#include <gexiv2/gexiv2.h>

#endif
