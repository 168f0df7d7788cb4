#ifndef PROSCENIUM_CJPEG_SHIM_H
#define PROSCENIUM_CJPEG_SHIM_H
// libjpeg reports a corrupt file by calling its error manager's error_exit, which must not return: the
// decoder below gives it one that longjmps back here, where Swift cannot, and turns the failure into a
// message. Everything libjpeg allocated is freed on either path.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

struct proscenium_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void proscenium_jpeg_error_exit(j_common_ptr info) {
    struct proscenium_jpeg_error *error = (struct proscenium_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// A warning about the pixels (level -1: a truncated file, corrupt entropy-coded data) fails the decoding
/// as an error would: a damaged image is refused, never shown half grey. Warnings that leave every pixel
/// intact are let through, as djpeg, browsers and gdk-pixbuf do: stray bytes between markers (common from
/// cameras and webcams), an unknown JFIF revision or Adobe transform code. Trace messages (level 0 and up) are dropped.
static void proscenium_jpeg_warning(j_common_ptr info, int level) {
    if (level >= 0) return;
    switch (info->err->msg_code) {
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_JFIF_MAJOR:
    case JWRN_ADOBE_XFORM:
        return;
    default:
        (*info->err->error_exit)(info);
    }
}

/// The EXIF orientation (1 to 8) an APP1 segment's TIFF header holds in its first directory (tag 0x0112),
/// or 1 when the segment has none or is malformed: every read is checked against the segment's length.
static inline int proscenium_exif_orientation(const unsigned char *d, unsigned int n) {
    if (n < 14 || memcmp(d, "Exif\0\0", 6) != 0) return 1;
    const unsigned char *t = d + 6;
    unsigned int len = n - 6;
    int little;
    if (t[0] == 'I' && t[1] == 'I') little = 1;
    else if (t[0] == 'M' && t[1] == 'M') little = 0;
    else return 1;
#define PROSCENIUM_U16(p) (little ? (unsigned)((p)[0] | (p)[1] << 8) : (unsigned)((p)[0] << 8 | (p)[1]))
#define PROSCENIUM_U32(p) (little ? ((unsigned)(p)[0] | (unsigned)(p)[1] << 8 | (unsigned)(p)[2] << 16 | (unsigned)(p)[3] << 24) \
                                  : ((unsigned)(p)[0] << 24 | (unsigned)(p)[1] << 16 | (unsigned)(p)[2] << 8 | (unsigned)(p)[3]))
    if (PROSCENIUM_U16(t + 2) != 42) return 1;
    unsigned int ifd = PROSCENIUM_U32(t + 4);
    if (ifd > len - 2 || ifd + 2 > len) return 1;
    unsigned int count = PROSCENIUM_U16(t + ifd);
    for (unsigned int i = 0; i < count; i++) {
        unsigned int entry = ifd + 2 + i * 12;
        if (entry + 12 > len) return 1;
        if (PROSCENIUM_U16(t + entry) == 0x0112 && PROSCENIUM_U16(t + entry + 2) == 3) {
            unsigned int value = PROSCENIUM_U16(t + entry + 8);
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
    return 1;
#undef PROSCENIUM_U16
#undef PROSCENIUM_U32
}

/// Turns a row of `width` CMYK pixels into opaque RGBA in place. With an Adobe marker the inks are stored
/// inverted (255 is no ink), as Photoshop writes them; without one, as they are. No colour profile: the
/// naive conversion browsers use when a file brings none.
static inline void proscenium_cmyk_to_rgba(unsigned char *row, JDIMENSION width, boolean inverted) {
    for (JDIMENSION i = 0; i < width; i++) {
        unsigned char *pixel = row + (size_t)i * 4;
        int c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        pixel[0] = (unsigned char)((c * k + 127) / 255);
        pixel[1] = (unsigned char)((m * k + 127) / 255);
        pixel[2] = (unsigned char)((y * k + 127) / 255);
        pixel[3] = 255;
    }
}

/// Decodes the JPEG in `data` into 8-bit RGBA (alpha 255) in a buffer the caller frees with `free`, and
/// reads its EXIF orientation into `orientation` (1 when it has none): the caller turns the pixels upright.
/// Returns 0 and fills `message` (at least JMSG_LENGTH_MAX bytes) on failure, or when the image has more
/// than `max_side` pixels on a side or `max_pixels` in all (checked before the pixels are allocated).
static inline int proscenium_jpeg_decode(const unsigned char *data, unsigned long size, long max_side, long max_pixels,
                                         unsigned char **pixels, int *width, int *height, int *orientation,
                                         char *message) {
    struct jpeg_decompress_struct info;
    struct proscenium_jpeg_error error;
    unsigned char *volatile out = NULL;
    *pixels = NULL;
    *orientation = 1;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = proscenium_jpeg_error_exit;
    error.manager.emit_message = proscenium_jpeg_warning;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(out);
        strncpy(message, error.message[0] ? error.message : "not a JPEG", JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1) {
            int found = proscenium_exif_orientation(marker->data, marker->data_length);
            if (found != 1) { *orientation = found; break; }
        }
    }
    if ((long)info.image_width > max_side || (long)info.image_height > max_side
        || (long)info.image_width * (long)info.image_height > max_pixels) {
        snprintf(message, JMSG_LENGTH_MAX, "%u×%u pixels is too large (at most %ld on a side and %ld in all)",
                 info.image_width, info.image_height, max_side, max_pixels);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    // Print-ready JPEGs are CMYK (or YCCK, which libjpeg turns into CMYK); libjpeg does not make RGB of
    // them, so their rows are read as CMYK and converted here.
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    out = malloc(stride * info.output_height);
    if (!out) {
        jpeg_destroy_decompress(&info);
        strncpy(message, "out of memory", JMSG_LENGTH_MAX - 1);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        unsigned char *row = out + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
        if (cmyk) proscenium_cmyk_to_rgba(row, info.output_width, info.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *pixels = out;
    return 1;
}

/// Encodes `pixels`, four bytes a pixel, as a JPEG of `quality` (1...100) into a buffer the caller frees
/// with `free`; 0 on failure. RGBA (alpha ignored), or with `cmyk` CMYK samples as the file stores them:
/// with `adobe` as YCCK behind an Adobe marker (as Photoshop writes print files, its inks inverted), else
/// plain CMYK with no marker. The toolkit only reads JPEGs: its tests make the files they read.
static inline int proscenium_jpeg_encode(const unsigned char *pixels, int width, int height, int quality, int cmyk,
                                         int adobe, unsigned char **data, unsigned long *size) {
    struct jpeg_compress_struct info;
    struct proscenium_jpeg_error error;
    *data = NULL;
    *size = 0;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = proscenium_jpeg_error_exit;
    error.manager.emit_message = proscenium_jpeg_warning;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        // Not freed: libjpeg's memory destination may have moved the buffer without telling `*data`.
        *data = NULL;
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, data, size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    if (cmyk) {
        jpeg_set_colorspace(&info, adobe ? JCS_YCCK : JCS_CMYK);
        info.write_Adobe_marker = adobe ? TRUE : FALSE;
    }
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * (size_t)width * 4);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 1;
}
#endif
