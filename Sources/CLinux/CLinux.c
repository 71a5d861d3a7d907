#include "CLinux.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/gpio.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <linux/videodev2.h>
#include <i2c/smbus.h>

int upright_i2c_set_address(int fd, uint16_t address) {
    return ioctl(fd, I2C_SLAVE, (unsigned long)address) < 0 ? -errno : 0;
}

int upright_i2c_functionality(int fd, unsigned long *functionality) {
    return ioctl(fd, I2C_FUNCS, functionality) < 0 ? -errno : 0;
}

int upright_i2c_write_read(int fd, uint16_t address,
                           const uint8_t *write, uint16_t write_length,
                           uint8_t *read, uint16_t read_length) {
    struct i2c_msg messages[2];
    unsigned count = 0;
    if (write_length > 0) {
        // The kernel only reads a write message's buffer; i2c_msg's field is not const.
        messages[count].addr = address;
        messages[count].flags = 0;
        messages[count].len = write_length;
        messages[count].buf = (uint8_t *)write;
        count++;
    }
    if (read_length > 0) {
        messages[count].addr = address;
        messages[count].flags = I2C_M_RD;
        messages[count].len = read_length;
        messages[count].buf = read;
        count++;
    }
    if (count == 0) return -EINVAL;
    struct i2c_rdwr_ioctl_data data = { .msgs = messages, .nmsgs = count };
    int result = ioctl(fd, I2C_RDWR, &data);
    return result < 0 ? -errno : result;
}

// libi2c already returns -errno on failure (i2c/smbus.h).
int upright_i2c_smbus_read_byte(int fd) { return i2c_smbus_read_byte(fd); }
int upright_i2c_smbus_write_byte(int fd, uint8_t value) { return i2c_smbus_write_byte(fd, value); }
int upright_i2c_smbus_read_byte_data(int fd, uint8_t command) { return i2c_smbus_read_byte_data(fd, command); }
int upright_i2c_smbus_write_byte_data(int fd, uint8_t command, uint8_t value) {
    return i2c_smbus_write_byte_data(fd, command, value);
}

int upright_i2c_smbus_read_i2c_block(int fd, uint8_t command, uint8_t length, uint8_t *values) {
    if (length == 0 || length > I2C_SMBUS_BLOCK_MAX) return -EINVAL;
    return i2c_smbus_read_i2c_block_data(fd, command, length, values);
}

int upright_i2c_smbus_write_i2c_block(int fd, uint8_t command, uint8_t length, const uint8_t *values) {
    if (length == 0 || length > I2C_SMBUS_BLOCK_MAX) return -EINVAL;
    return i2c_smbus_write_i2c_block_data(fd, command, length, values);
}

int upright_gpio_chip_info(int chip_fd, char name[32], char label[32], uint32_t *lines) {
    struct gpiochip_info info;
    memset(&info, 0, sizeof info);
    if (ioctl(chip_fd, GPIO_GET_CHIPINFO_IOCTL, &info) < 0) return -errno;
    memcpy(name, info.name, GPIO_MAX_NAME_SIZE);
    memcpy(label, info.label, GPIO_MAX_NAME_SIZE);
    name[GPIO_MAX_NAME_SIZE - 1] = '\0';
    label[GPIO_MAX_NAME_SIZE - 1] = '\0';
    *lines = info.lines;
    return 0;
}

size_t upright_gpio_line_request_size(void) { return sizeof(struct gpio_v2_line_request); }

// One line's request: zeroed first (the kernel rejects a request whose padding is not zero),
// then the offset, consumer and flags; NULL when `size` is too small.
static struct gpio_v2_line_request *start_request(void *buffer, size_t size, uint32_t offset,
                                                  const char *consumer, uint64_t flags) {
    if (size < sizeof(struct gpio_v2_line_request)) return NULL;
    struct gpio_v2_line_request *request = buffer;
    memset(request, 0, sizeof *request);
    request->offsets[0] = offset;
    request->num_lines = 1;
    if (consumer) strncpy(request->consumer, consumer, GPIO_MAX_NAME_SIZE - 1);
    request->config.flags = flags;
    return request;
}

int upright_gpio_fill_line_request(void *buffer, size_t size, uint32_t offset,
                                   const char *consumer, uint64_t flags,
                                   uint32_t debounce_us, uint32_t event_buffer_size) {
    struct gpio_v2_line_request *request = start_request(buffer, size, offset, consumer, flags);
    if (!request) return -EINVAL;
    if (debounce_us != 0) {
        request->config.num_attrs = 1;
        request->config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
        request->config.attrs[0].attr.debounce_period_us = debounce_us;
        request->config.attrs[0].mask = 1; // bit 0: the request's first (only) line
    }
    request->event_buffer_size = event_buffer_size;
    return 0;
}

int upright_gpio_fill_output_request(void *buffer, size_t size, uint32_t offset,
                                     const char *consumer, uint64_t flags, int initial) {
    struct gpio_v2_line_request *request = start_request(buffer, size, offset, consumer, flags);
    if (!request) return -EINVAL;
    request->config.num_attrs = 1;
    request->config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
    request->config.attrs[0].attr.values = initial ? 1 : 0;
    request->config.attrs[0].mask = 1; // bit 0: the request's first (only) line
    return 0;
}

int upright_gpio_set_value(int line_fd, int value) {
    struct gpio_v2_line_values values;
    memset(&values, 0, sizeof values);
    values.bits = value ? 1 : 0;
    values.mask = 1;
    return ioctl(line_fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values) < 0 ? -errno : 0;
}

int upright_gpio_request_line(int chip_fd, void *request) {
    struct gpio_v2_line_request *line_request = request;
    if (ioctl(chip_fd, GPIO_V2_GET_LINE_IOCTL, line_request) < 0) return -errno;
    return line_request->fd;
}

int upright_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    long fd = syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -errno : (int)fd;
#else
    (void)pid;
    return -ENOSYS;
#endif
}

int upright_pidfd_send_signal(int pidfd, int sig) {
#ifdef SYS_pidfd_send_signal
    long result = syscall(SYS_pidfd_send_signal, pidfd, sig, NULL, 0);
    return result < 0 ? -errno : 0;
#else
    (void)pidfd;
    (void)sig;
    return -ENOSYS;
#endif
}

// ---- V4L2 ----

// ioctl restarted after a signal: the event loop blocks its signals, but a sampler thread's
// or a child's signal may still interrupt a call (VIDIOC_DQBUF waits on a blocking fd).
static int v4l2_ioctl(int fd, unsigned long request, void *argument) {
    int result;
    do {
        result = ioctl(fd, request, argument);
    } while (result < 0 && errno == EINTR);
    return result < 0 ? -errno : result;
}

int upright_v4l2_query_capability(int fd, struct upright_v4l2_capability *capability) {
    struct v4l2_capability cap;
    memset(&cap, 0, sizeof cap);
    int result = v4l2_ioctl(fd, VIDIOC_QUERYCAP, &cap);
    if (result < 0) return result;
    memset(capability, 0, sizeof *capability);
    memcpy(capability->driver, cap.driver, sizeof capability->driver - 1);
    memcpy(capability->card, cap.card, sizeof capability->card - 1);
    capability->device_caps = (cap.capabilities & V4L2_CAP_DEVICE_CAPS) ? cap.device_caps : cap.capabilities;
    return 0;
}

int upright_v4l2_enum_format(int fd, uint32_t index, uint32_t *pixel_format, char description[32]) {
    struct v4l2_fmtdesc desc;
    memset(&desc, 0, sizeof desc);
    desc.index = index;
    desc.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    int result = v4l2_ioctl(fd, VIDIOC_ENUM_FMT, &desc);
    if (result < 0) return result;
    *pixel_format = desc.pixelformat;
    memcpy(description, desc.description, 31);
    description[31] = 0;
    return 0;
}

static void copy_format(const struct v4l2_format *format, struct upright_v4l2_format *got) {
    got->width = format->fmt.pix.width;
    got->height = format->fmt.pix.height;
    got->pixel_format = format->fmt.pix.pixelformat;
    got->bytes_per_line = format->fmt.pix.bytesperline;
    got->size_image = format->fmt.pix.sizeimage;
}

int upright_v4l2_set_format(int fd, const struct upright_v4l2_format *wanted, struct upright_v4l2_format *got) {
    struct v4l2_format format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    format.fmt.pix.width = wanted->width;
    format.fmt.pix.height = wanted->height;
    format.fmt.pix.pixelformat = wanted->pixel_format;
    format.fmt.pix.field = V4L2_FIELD_NONE;
    int result = v4l2_ioctl(fd, VIDIOC_S_FMT, &format);
    if (result < 0) return result;
    copy_format(&format, got);
    return 0;
}

int upright_v4l2_get_format(int fd, struct upright_v4l2_format *got) {
    struct v4l2_format format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    int result = v4l2_ioctl(fd, VIDIOC_G_FMT, &format);
    if (result < 0) return result;
    copy_format(&format, got);
    return 0;
}

// VIDIOC_S_PARM or VIDIOC_G_PARM on the capture stream's frame interval, in and out.
static int frame_interval(int fd, unsigned long request, uint32_t *numerator, uint32_t *denominator) {
    struct v4l2_streamparm parm;
    memset(&parm, 0, sizeof parm);
    parm.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    parm.parm.capture.timeperframe.numerator = *numerator;
    parm.parm.capture.timeperframe.denominator = *denominator;
    int result = v4l2_ioctl(fd, request, &parm);
    if (result < 0) return result;
    *numerator = parm.parm.capture.timeperframe.numerator;
    *denominator = parm.parm.capture.timeperframe.denominator;
    return 0;
}

int upright_v4l2_set_frame_interval(int fd, uint32_t *numerator, uint32_t *denominator) {
    return frame_interval(fd, VIDIOC_S_PARM, numerator, denominator);
}

int upright_v4l2_get_frame_interval(int fd, uint32_t *numerator, uint32_t *denominator) {
    return frame_interval(fd, VIDIOC_G_PARM, numerator, denominator);
}

int upright_v4l2_request_buffers(int fd, uint32_t count) {
    struct v4l2_requestbuffers request;
    memset(&request, 0, sizeof request);
    request.count = count;
    request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    request.memory = V4L2_MEMORY_MMAP;
    int result = v4l2_ioctl(fd, VIDIOC_REQBUFS, &request);
    return result < 0 ? result : (int)request.count;
}

// A capture buffer of the MMAP queue, `index`, for QUERYBUF, QBUF and DQBUF.
static struct v4l2_buffer mmap_buffer(uint32_t index) {
    struct v4l2_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    buffer.index = index;
    buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buffer.memory = V4L2_MEMORY_MMAP;
    return buffer;
}

int upright_v4l2_query_buffer(int fd, uint32_t index, uint32_t *offset, uint32_t *length) {
    struct v4l2_buffer buffer = mmap_buffer(index);
    int result = v4l2_ioctl(fd, VIDIOC_QUERYBUF, &buffer);
    if (result < 0) return result;
    *offset = buffer.m.offset;
    *length = buffer.length;
    return 0;
}

int upright_v4l2_queue_buffer(int fd, uint32_t index) {
    struct v4l2_buffer buffer = mmap_buffer(index);
    return v4l2_ioctl(fd, VIDIOC_QBUF, &buffer);
}

int upright_v4l2_dequeue_buffer(int fd, struct upright_v4l2_frame *frame) {
    struct v4l2_buffer buffer = mmap_buffer(0);
    int result = v4l2_ioctl(fd, VIDIOC_DQBUF, &buffer);
    if (result < 0) return result;
    frame->index = buffer.index;
    frame->bytes_used = buffer.bytesused;
    frame->flags = buffer.flags;
    frame->sequence = buffer.sequence;
    frame->timestamp_ns = (int64_t)buffer.timestamp.tv_sec * 1000000000 + (int64_t)buffer.timestamp.tv_usec * 1000;
    return 0;
}

int upright_v4l2_stream(int fd, int on) {
    int type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    return v4l2_ioctl(fd, on ? VIDIOC_STREAMON : VIDIOC_STREAMOFF, &type);
}

int upright_v4l2_set_control(int fd, uint32_t id, int32_t value) {
    struct v4l2_control control = { .id = id, .value = value };
    return v4l2_ioctl(fd, VIDIOC_S_CTRL, &control);
}
