// SPDX-License-Identifier: GPL-3.0-or-later
#include "Exiv2Guard.h"

#include <dlfcn.h>

// gexiv2's functions, looked up in the library the first time exiv2 is needed (cs_exiv2_load) rather than
// linked: a launch that shows no photo never loads exiv2, whose code and C++ symbols cost about 3 ms of every
// launch to map and bind. Each is called through `api`, as `api.metadata_open_path` for gexiv2_metadata_open_path.
#define CS_GEXIV2_FUNCTIONS(X) \
    X(initialize) X(log_set_level) X(log_set_handler) X(metadata_new) X(metadata_open_path) X(metadata_open_buf) \
    X(metadata_get_preview_properties) X(metadata_try_get_preview_image) X(metadata_try_get_orientation) \
    X(metadata_try_has_tag) X(metadata_try_get_tag_string) X(metadata_try_set_tag_string) \
    X(metadata_try_clear_tag) X(metadata_get_pixel_width) X(metadata_get_pixel_height) X(metadata_clear_exif) \
    X(metadata_clear_iptc) X(metadata_get_xmp_tags) X(metadata_save_file) X(preview_properties_get_width) \
    X(preview_properties_get_height) X(preview_properties_get_size) X(preview_properties_get_mime_type) \
    X(preview_image_get_data) X(metadata_try_register_xmp_namespace)

namespace {

struct Gexiv2 {
#define CS_GEXIV2_POINTER(name) decltype(&gexiv2_##name) name = nullptr;
    CS_GEXIV2_FUNCTIONS(CS_GEXIV2_POINTER)
#undef CS_GEXIV2_POINTER
};

Gexiv2 api;

// Whether exiv2 logged an error on this thread since the flag was last cleared: the only word it gives of an
// XMP packet it failed to decode. Each thread opens its own files, so the flag is the thread's own.
thread_local bool reported_error = false;

void note_error(GExiv2LogLevel level, const gchar *) {
    if (level >= GEXIV2_LOG_LEVEL_ERROR) reported_error = true;
}

// The library as Debian's libgexiv2-2 names it (gexiv2 0.14, the version the headers come from).
const char *const library_name = "libgexiv2.so.2";

gboolean load_library() {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) return FALSE;
#define CS_GEXIV2_LOOKUP(name) \
    api.name = reinterpret_cast<decltype(api.name)>(dlsym(library, "gexiv2_" #name)); \
    if (api.name == nullptr) return FALSE;
    CS_GEXIV2_FUNCTIONS(CS_GEXIV2_LOOKUP)
#undef CS_GEXIV2_LOOKUP
    // Damaged files are the caller's to report, as a card or a banner, not exiv2's on the terminal: errors are
    // only noted, for cs_exiv2_open_path_strict; nothing is printed.
    api.log_set_handler(note_error);
    api.log_set_level(GEXIV2_LOG_LEVEL_ERROR);
    if (!api.initialize()) return FALSE;
    // darktable's namespace, for its colour labels: exiv2 knows it only from a file that declares it.
    GError *error = nullptr;
    api.metadata_try_register_xmp_namespace("http://darktable.sf.net/", "darktable", &error);
    g_clear_error(&error);
    return TRUE;
}

}  // namespace

// Every body runs inside one catch-all: what exiv2 throws past gexiv2 becomes the call's failure answer.
#define GUARDED(failure, body) \
    try { body } catch (...) { return failure; }

extern "C" {

gboolean cs_exiv2_load(void) {
    // Once, whichever thread asks first; exiv2's XMP toolkit is not thread-safe to start.
    static const gboolean loaded = load_library();
    return loaded;
}

GExiv2Metadata *cs_exiv2_metadata_new(void) {
    GUARDED(nullptr, return api.metadata_new();)
}

gboolean cs_exiv2_open_path(GExiv2Metadata *self, const gchar *path, GError **error) {
    GUARDED(FALSE, return api.metadata_open_path(self, path, error);)
}

gboolean cs_exiv2_open_path_strict(GExiv2Metadata *self, const gchar *path, GError **error) {
    GUARDED(FALSE,
            reported_error = false;
            gboolean opened = api.metadata_open_path(self, path, error);
            return opened && !reported_error;)
}

gboolean cs_exiv2_open_buf(GExiv2Metadata *self, const guint8 *data, glong n_data, GError **error) {
    GUARDED(FALSE, return api.metadata_open_buf(self, data, n_data, error);)
}

GExiv2PreviewProperties **cs_exiv2_get_preview_properties(GExiv2Metadata *self) {
    GUARDED(nullptr, return api.metadata_get_preview_properties(self);)
}

GExiv2PreviewImage *cs_exiv2_get_preview_image(GExiv2Metadata *self, GExiv2PreviewProperties *props) {
    GUARDED(nullptr,
            GError *error = nullptr;
            GExiv2PreviewImage *image = api.metadata_try_get_preview_image(self, props, &error);
            g_clear_error(&error);
            return image;)
}

GExiv2Orientation cs_exiv2_get_orientation(GExiv2Metadata *self) {
    GUARDED(GEXIV2_ORIENTATION_UNSPECIFIED,
            GError *error = nullptr;
            GExiv2Orientation orientation = api.metadata_try_get_orientation(self, &error);
            g_clear_error(&error);
            return orientation;)
}

gboolean cs_exiv2_has_tag(GExiv2Metadata *self, const gchar *tag) {
    GUARDED(FALSE,
            GError *error = nullptr;
            gboolean has = api.metadata_try_has_tag(self, tag, &error);
            g_clear_error(&error);
            return has;)
}

gchar *cs_exiv2_get_tag_string(GExiv2Metadata *self, const gchar *tag) {
    GUARDED(nullptr,
            GError *error = nullptr;
            gchar *value = api.metadata_try_get_tag_string(self, tag, &error);
            g_clear_error(&error);
            return value;)
}

gboolean cs_exiv2_set_tag_string(GExiv2Metadata *self, const gchar *tag, const gchar *value) {
    GUARDED(FALSE,
            GError *error = nullptr;
            gboolean done = api.metadata_try_set_tag_string(self, tag, value, &error);
            g_clear_error(&error);
            return done;)
}

gboolean cs_exiv2_clear_tag(GExiv2Metadata *self, const gchar *tag) {
    GUARDED(FALSE,
            GError *error = nullptr;
            gboolean done = api.metadata_try_clear_tag(self, tag, &error);
            g_clear_error(&error);
            return done;)
}

gint cs_exiv2_get_pixel_width(GExiv2Metadata *self) {
    GUARDED(0, return api.metadata_get_pixel_width(self);)
}

gint cs_exiv2_get_pixel_height(GExiv2Metadata *self) {
    GUARDED(0, return api.metadata_get_pixel_height(self);)
}

gboolean cs_exiv2_clear_exif_and_iptc(GExiv2Metadata *self) {
    GUARDED(FALSE,
            api.metadata_clear_exif(self);
            api.metadata_clear_iptc(self);
            return TRUE;)
}

gint cs_exiv2_xmp_tag_count(GExiv2Metadata *self) {
    GUARDED(-1,
            gchar **tags = api.metadata_get_xmp_tags(self);
            if (tags == nullptr) return 0;
            gint count = 0;
            while (tags[count] != nullptr) count++;
            g_strfreev(tags);
            return count;)
}

gboolean cs_exiv2_save_file(GExiv2Metadata *self, const gchar *path, GError **error) {
    GUARDED(FALSE, return api.metadata_save_file(self, path, error);)
}

guint32 cs_exiv2_preview_width(GExiv2PreviewProperties *props) {
    GUARDED(0, return api.preview_properties_get_width(props);)
}

guint32 cs_exiv2_preview_height(GExiv2PreviewProperties *props) {
    GUARDED(0, return api.preview_properties_get_height(props);)
}

guint32 cs_exiv2_preview_size(GExiv2PreviewProperties *props) {
    GUARDED(0, return api.preview_properties_get_size(props);)
}

const gchar *cs_exiv2_preview_mime_type(GExiv2PreviewProperties *props) {
    GUARDED(nullptr, return api.preview_properties_get_mime_type(props);)
}

const guint8 *cs_exiv2_preview_data(GExiv2PreviewImage *image, guint32 *size) {
    GUARDED(nullptr, return api.preview_image_get_data(image, size);)
}

}
