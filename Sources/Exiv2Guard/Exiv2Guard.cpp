// SPDX-License-Identifier: GPL-3.0-or-later
#include "Exiv2Guard.h"

// Every body runs inside one catch-all: what exiv2 throws past gexiv2 becomes the call's failure answer.
#define GUARDED(failure, body) \
    try { body } catch (...) { return failure; }

extern "C" {

gboolean cs_exiv2_open_path(GExiv2Metadata *self, const gchar *path, GError **error) {
    GUARDED(FALSE, return gexiv2_metadata_open_path(self, path, error);)
}

gboolean cs_exiv2_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error) {
    GUARDED(FALSE, return gexiv2_metadata_open_buf(self, data, n_data, error);)
}

GExiv2PreviewProperties **cs_exiv2_get_preview_properties(GExiv2Metadata *self) {
    GUARDED(nullptr, return gexiv2_metadata_get_preview_properties(self);)
}

GExiv2PreviewImage *cs_exiv2_get_preview_image(GExiv2Metadata *self, GExiv2PreviewProperties *props) {
    GUARDED(nullptr, return gexiv2_metadata_get_preview_image(self, props);)
}

GExiv2Orientation cs_exiv2_get_orientation(GExiv2Metadata *self) {
    GUARDED(GEXIV2_ORIENTATION_UNSPECIFIED,
            GError *error = nullptr;
            GExiv2Orientation orientation = gexiv2_metadata_try_get_orientation(self, &error);
            g_clear_error(&error);
            return orientation;)
}

gboolean cs_exiv2_has_tag(GExiv2Metadata *self, const gchar *tag) {
    GUARDED(FALSE,
            GError *error = nullptr;
            gboolean has = gexiv2_metadata_try_has_tag(self, tag, &error);
            g_clear_error(&error);
            return has;)
}

gchar *cs_exiv2_get_tag_string(GExiv2Metadata *self, const gchar *tag) {
    GUARDED(nullptr,
            GError *error = nullptr;
            gchar *value = gexiv2_metadata_try_get_tag_string(self, tag, &error);
            g_clear_error(&error);
            return value;)
}

gboolean cs_exiv2_set_tag_string(GExiv2Metadata *self, const gchar *tag, const gchar *value) {
    GUARDED(FALSE,
            GError *error = nullptr;
            gboolean done = gexiv2_metadata_try_set_tag_string(self, tag, value, &error);
            g_clear_error(&error);
            return done;)
}

gboolean cs_exiv2_clear_tag(GExiv2Metadata *self, const gchar *tag) {
    GUARDED(FALSE,
            GError *error = nullptr;
            gboolean done = gexiv2_metadata_try_clear_tag(self, tag, &error);
            g_clear_error(&error);
            return done;)
}

gint cs_exiv2_get_pixel_width(GExiv2Metadata *self) {
    GUARDED(0, return gexiv2_metadata_get_pixel_width(self);)
}

gint cs_exiv2_get_pixel_height(GExiv2Metadata *self) {
    GUARDED(0, return gexiv2_metadata_get_pixel_height(self);)
}

gboolean cs_exiv2_clear_exif_and_iptc(GExiv2Metadata *self) {
    GUARDED(FALSE,
            gexiv2_metadata_clear_exif(self);
            gexiv2_metadata_clear_iptc(self);
            return TRUE;)
}

gint cs_exiv2_xmp_tag_count(GExiv2Metadata *self) {
    GUARDED(-1,
            gchar **tags = gexiv2_metadata_get_xmp_tags(self);
            if (tags == nullptr) return 0;
            gint count = 0;
            while (tags[count] != nullptr) count++;
            g_strfreev(tags);
            return count;)
}

gboolean cs_exiv2_save_file(GExiv2Metadata *self, const gchar *path, GError **error) {
    GUARDED(FALSE, return gexiv2_metadata_save_file(self, path, error);)
}

}
