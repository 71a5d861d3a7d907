#ifndef UPRIGHT_CLINUX_H
#define UPRIGHT_CLINUX_H

// Thin, non-variadic wrappers around the Linux ioctls Upright uses: Swift cannot call the
// variadic ioctl(2) directly. Every function returns 0 or a positive count on success and
// -errno on failure, so Swift never reads the thread-local errno after another call.

#include <stdint.h>
#include <stddef.h>
// Not part of Swift's Glibc module; re-exported here for the event loop.
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>

#ifdef __cplusplus
extern "C" {
#endif

/// I2C_SLAVE: select the 7-bit address for plain read/write and SMBus calls.
int upright_i2c_set_address(int fd, uint16_t address);

/// I2C_FUNCS: the adapter's functionality bits.
int upright_i2c_functionality(int fd, unsigned long *functionality);

/// I2C_RDWR: one combined transaction with `address`: a write message (skipped when
/// `write_length` is 0), then a read message (skipped when `read_length` is 0) after a repeated
/// start, one STOP at the end. Returns the number of messages run or -errno.
int upright_i2c_write_read(int fd, uint16_t address,
                           const uint8_t *write, uint16_t write_length,
                           uint8_t *read, uint16_t read_length);

/// libi2c SMBus calls on the address chosen with upright_i2c_set_address. Each returns the
/// byte read / 0 / the count read, or -errno.
int upright_i2c_smbus_read_byte(int fd);
int upright_i2c_smbus_write_byte(int fd, uint8_t value);
int upright_i2c_smbus_read_byte_data(int fd, uint8_t command);
int upright_i2c_smbus_write_byte_data(int fd, uint8_t command, uint8_t value);
/// I2C block read of `length` (1...32) bytes starting at register `command`.
int upright_i2c_smbus_read_i2c_block(int fd, uint8_t command, uint8_t length, uint8_t *values);
/// I2C block write of `length` (1...32) bytes starting at register `command`.
int upright_i2c_smbus_write_i2c_block(int fd, uint8_t command, uint8_t length, const uint8_t *values);

/// GPIO_GET_CHIPINFO_IOCTL: the chip's kernel name and label (NUL-terminated, 32 bytes each)
/// and its number of lines.
int upright_gpio_chip_info(int chip_fd, char name[32], char label[32], uint32_t *lines);

/// sizeof(struct gpio_v2_line_request) on this kernel ABI.
size_t upright_gpio_line_request_size(void);

/// Fills `request` (upright_gpio_line_request_size() bytes) with a struct gpio_v2_line_request
/// for one line: `offset`, `consumer` (truncated to 31 bytes), `flags` (GPIO_V2_LINE_FLAG_*),
/// a debounce attribute when `debounce_us` is not 0, and `event_buffer_size`.
/// Returns 0, or -EINVAL when `size` is too small.
int upright_gpio_fill_line_request(void *request, size_t size, uint32_t offset,
                                   const char *consumer, uint64_t flags,
                                   uint32_t debounce_us, uint32_t event_buffer_size);

/// Fills `request` with a struct gpio_v2_line_request for one output line: `offset`,
/// `consumer`, `flags` (GPIO_V2_LINE_FLAG_OUTPUT, ACTIVE_LOW, ...) and its first logical
/// value `initial` (1 active) as a GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES attribute, so the line
/// never shows another level. Returns 0, or -EINVAL when `size` is too small.
int upright_gpio_fill_output_request(void *request, size_t size, uint32_t offset,
                                     const char *consumer, uint64_t flags, int initial);

/// GPIO_V2_LINE_SET_VALUES_IOCTL on a requested line's fd: its (only) line to logical `value`
/// (1 active). Returns 0 or -errno.
int upright_gpio_set_value(int line_fd, int value);

/// GPIO_V2_GET_LINE_IOCTL with a request filled by upright_gpio_fill_line_request.
/// Returns the new line's file descriptor, or -errno.
int upright_gpio_request_line(int chip_fd, void *request);

/// pidfd_open(2) (Linux 5.3): a descriptor that polls readable when process `pid` exits, so
/// an event loop can wait for a child without SIGCHLD. The fd is close-on-exec.
int upright_pidfd_open(int pid);

/// pidfd_send_signal(2) (Linux 5.1): `sig` to the process `pidfd` names, never to another that
/// took its pid after it ended (then -ESRCH). Returns 0 or -errno.
int upright_pidfd_send_signal(int pidfd, int sig);

// ---- V4L2 video capture (linux/videodev2.h; docs/camera.md, "V4L2") ----

/// What VIDIOC_QUERYCAP says: the driver's and card's names (NUL-terminated) and the device
/// node's capabilities (device_caps when the driver sets V4L2_CAP_DEVICE_CAPS, else
/// capabilities).
struct upright_v4l2_capability {
    char driver[16];
    char card[32];
    uint32_t device_caps;
};

/// A single-planar capture format, as VIDIOC_S_FMT / VIDIOC_G_FMT give it.
struct upright_v4l2_format {
    uint32_t width;
    uint32_t height;
    uint32_t pixel_format;
    uint32_t bytes_per_line;
    uint32_t size_image;
};

/// A buffer VIDIOC_DQBUF returned: which, how many bytes the driver filled, its flags
/// (V4L2_BUF_FLAG_*: the timestamp's clock and source, an error), the driver's frame count
/// and its timestamp in nanoseconds.
struct upright_v4l2_frame {
    uint32_t index;
    uint32_t bytes_used;
    uint32_t flags;
    uint32_t sequence;
    int64_t timestamp_ns;
};

/// VIDIOC_QUERYCAP. Returns 0 or -errno.
int upright_v4l2_query_capability(int fd, struct upright_v4l2_capability *capability);

/// VIDIOC_ENUM_FMT for single-planar capture, format `index`: its fourcc and description
/// (NUL-terminated). Returns 0, or -EINVAL past the last one.
int upright_v4l2_enum_format(int fd, uint32_t index, uint32_t *pixel_format, char description[32]);

/// VIDIOC_S_FMT (progressive) with `wanted`; `got` is what the driver set (it may adjust).
int upright_v4l2_set_format(int fd, const struct upright_v4l2_format *wanted, struct upright_v4l2_format *got);

/// VIDIOC_G_FMT: the current capture format.
int upright_v4l2_get_format(int fd, struct upright_v4l2_format *got);

/// VIDIOC_S_PARM: ask for a frame interval of numerator/denominator seconds; the driver's
/// choice comes back in the same two.
int upright_v4l2_set_frame_interval(int fd, uint32_t *numerator, uint32_t *denominator);

/// VIDIOC_G_PARM: the frame interval in numerator/denominator seconds (0/0: not reported).
int upright_v4l2_get_frame_interval(int fd, uint32_t *numerator, uint32_t *denominator);

/// VIDIOC_REQBUFS with V4L2_MEMORY_MMAP: asks for `count` capture buffers (0 frees them).
/// Returns the count granted, or -errno.
int upright_v4l2_request_buffers(int fd, uint32_t count);

/// VIDIOC_QUERYBUF: buffer `index`'s mmap offset and length.
int upright_v4l2_query_buffer(int fd, uint32_t index, uint32_t *offset, uint32_t *length);

/// VIDIOC_QBUF: hands buffer `index` to the driver to fill.
int upright_v4l2_queue_buffer(int fd, uint32_t index);

/// VIDIOC_DQBUF: the next filled buffer. -EAGAIN when none is ready (a non-blocking fd).
int upright_v4l2_dequeue_buffer(int fd, struct upright_v4l2_frame *frame);

/// VIDIOC_STREAMON (on != 0) or VIDIOC_STREAMOFF for capture.
int upright_v4l2_stream(int fd, int on);

/// VIDIOC_S_CTRL: control `id` to `value`.
int upright_v4l2_set_control(int fd, uint32_t id, int32_t value);

#ifdef __cplusplus
}
#endif

#endif
