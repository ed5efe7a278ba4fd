// SPDX-License-Identifier: GPL-3.0-or-later
// gexiv2's calls, each behind a C++ catch-all: gexiv2 turns exiv2's own errors into GErrors, but exiv2 also
// throws standard exceptions on hostile files (std::overflow_error from a DNG whose strip counts overflow), which
// would otherwise end the process. Each guarded call answers as its gexiv2 call does on failure (FALSE, NULL, 0)
// when anything was thrown.
//
// gexiv2 is not linked: cs_exiv2_load() loads it the first time a photo needs it, and must have answered TRUE
// before any other call here.
#ifndef CARDSTACK_EXIV2_GUARD_H
#define CARDSTACK_EXIV2_GUARD_H

#include <gexiv2/gexiv2.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads gexiv2 and starts exiv2, once, from any thread; FALSE when the library can't be loaded or started.
gboolean cs_exiv2_load(void);
GExiv2Metadata *cs_exiv2_metadata_new(void);
gboolean cs_exiv2_open_path(GExiv2Metadata *self, const gchar *path, GError **error);
/// Like cs_exiv2_open_path, but FALSE as well when exiv2 reported an error while reading: it reads an XMP packet
/// it can't decode (bad UTF-8, cut short, an unbound prefix) as an empty one, and says so only in its log.
gboolean cs_exiv2_open_path_strict(GExiv2Metadata *self, const gchar *path, GError **error);
gboolean cs_exiv2_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error);
GExiv2PreviewProperties **cs_exiv2_get_preview_properties(GExiv2Metadata *self);
GExiv2PreviewImage *cs_exiv2_get_preview_image(GExiv2Metadata *self, GExiv2PreviewProperties *props);
GExiv2Orientation cs_exiv2_get_orientation(GExiv2Metadata *self);
gboolean cs_exiv2_has_tag(GExiv2Metadata *self, const gchar *tag);
gchar *cs_exiv2_get_tag_string(GExiv2Metadata *self, const gchar *tag);
gboolean cs_exiv2_set_tag_string(GExiv2Metadata *self, const gchar *tag, const gchar *value);
gboolean cs_exiv2_clear_tag(GExiv2Metadata *self, const gchar *tag);
gint cs_exiv2_get_pixel_width(GExiv2Metadata *self);
gint cs_exiv2_get_pixel_height(GExiv2Metadata *self);
/// Clears the Exif and IPTC that exiv2 derived from a sidecar's XMP.
gboolean cs_exiv2_clear_exif_and_iptc(GExiv2Metadata *self);
/// How many XMP properties there are; -1 when exiv2 failed.
gint cs_exiv2_xmp_tag_count(GExiv2Metadata *self);
gboolean cs_exiv2_save_file(GExiv2Metadata *self, const gchar *path, GError **error);
guint32 cs_exiv2_preview_width(GExiv2PreviewProperties *props);
guint32 cs_exiv2_preview_height(GExiv2PreviewProperties *props);
guint32 cs_exiv2_preview_size(GExiv2PreviewProperties *props);
const gchar *cs_exiv2_preview_mime_type(GExiv2PreviewProperties *props);
const guint8 *cs_exiv2_preview_data(GExiv2PreviewImage *image, guint32 *size);

#ifdef __cplusplus
}
#endif

#endif
