#include "CLinux.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/gpio.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
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
