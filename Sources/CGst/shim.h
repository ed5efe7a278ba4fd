// SPDX-License-Identifier: GPL-3.0-or-later
// GStreamer, for a video's poster frame and length (GtkSupport's VideoPoster alone; playing goes through GTK's own
// media stack). The pipeline is built here because its elements are set through variadic GObject calls.
#ifndef CARDSTACK_CGST_SHIM_H
#define CARDSTACK_CGST_SHIM_H

#include <gst/gst.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// What reading a video's first frame gave: its pixels (RGB, rows `stride` bytes apart, freed by the caller with
/// `free`), its upright size, its length, or why not.
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
    int stride;
    gint64 nanoseconds;
    /// Set when the file can't be read: a decoder is missing (`missing_decoder`), or GStreamer's words.
    int missing_decoder;
    char message[256];
} cs_video_frame;

/// Reads the first frame of the video at `path` (file-system bytes), turned upright as its rotation says, with
/// square pixels, waiting at most `timeout_ms` for it. Blocking: call it off the main thread.
static inline cs_video_frame cs_video_first_frame(const char *path, int timeout_ms) {
    cs_video_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.nanoseconds = -1;
    if (!gst_init_check(NULL, NULL, NULL)) {
        snprintf(frame.message, sizeof frame.message, "%s", "GStreamer could not start");
        return frame;
    }
    GError *error = NULL;
    GstElement *pipeline = gst_parse_launch(
        "filesrc name=source ! decodebin ! videoconvert ! videoflip video-direction=auto ! videoscale ! "
        "video/x-raw,format=RGB,pixel-aspect-ratio=1/1 ! appsink name=sink sync=false max-buffers=1 drop=false",
        &error);
    if (pipeline == NULL) {
        snprintf(frame.message, sizeof frame.message, "%s", error != NULL ? error->message : "no pipeline");
        frame.missing_decoder = 1;
        g_clear_error(&error);
        return frame;
    }
    g_clear_error(&error);
    GstElement *source = gst_bin_get_by_name(GST_BIN(pipeline), "source");
    GstElement *sink = gst_bin_get_by_name(GST_BIN(pipeline), "sink");
    g_object_set(source, "location", path, NULL);
    gst_element_set_state(pipeline, GST_STATE_PAUSED);
    GstStateChangeReturn state = gst_element_get_state(pipeline, NULL, NULL, (GstClockTime)timeout_ms * GST_MSECOND);
    GstSample *sample = NULL;
    if (state == GST_STATE_CHANGE_SUCCESS || state == GST_STATE_CHANGE_NO_PREROLL) {
        g_signal_emit_by_name(sink, "pull-preroll", &sample);
    }
    if (sample != NULL) {
        GstCaps *caps = gst_sample_get_caps(sample);
        GstBuffer *buffer = gst_sample_get_buffer(sample);
        GstStructure *structure = caps != NULL ? gst_caps_get_structure(caps, 0) : NULL;
        GstMapInfo map;
        if (structure != NULL && buffer != NULL && gst_structure_get_int(structure, "width", &frame.width)
            && gst_structure_get_int(structure, "height", &frame.height) && frame.width > 0 && frame.height > 0
            && gst_buffer_map(buffer, &map, GST_MAP_READ)) {
            frame.stride = (frame.width * 3 + 3) & ~3;
            size_t size = (size_t)frame.stride * (size_t)frame.height;
            if (map.size >= size && (frame.pixels = malloc(size)) != NULL) memcpy(frame.pixels, map.data, size);
            gst_buffer_unmap(buffer, &map);
        }
        gst_sample_unref(sample);
        gint64 duration = -1;
        if (gst_element_query_duration(pipeline, GST_FORMAT_TIME, &duration)) frame.nanoseconds = duration;
    } else {
        GstBus *bus = gst_element_get_bus(pipeline);
        GstMessage *message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR);
        if (message != NULL) {
            GError *failure = NULL;
            gst_message_parse_error(message, &failure, NULL);
            if (failure != NULL) {
                frame.missing_decoder = g_error_matches(failure, GST_CORE_ERROR, GST_CORE_ERROR_MISSING_PLUGIN)
                    || g_error_matches(failure, GST_STREAM_ERROR, GST_STREAM_ERROR_CODEC_NOT_FOUND);
                snprintf(frame.message, sizeof frame.message, "%s", failure->message);
                g_error_free(failure);
            }
            gst_message_unref(message);
        } else if (state == GST_STATE_CHANGE_ASYNC) {
            snprintf(frame.message, sizeof frame.message, "%s", "timeout");
        }
        if (frame.message[0] == 0) snprintf(frame.message, sizeof frame.message, "%s", "no picture");
        gst_object_unref(bus);
    }
    gst_element_set_state(pipeline, GST_STATE_NULL);
    gst_object_unref(source);
    gst_object_unref(sink);
    gst_object_unref(pipeline);
    return frame;
}

#endif
