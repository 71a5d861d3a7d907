#include "CLinux.h"

#include <errno.h>
#include <sys/ioctl.h>
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

int upright_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    long fd = syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -errno : (int)fd;
#else
    (void)pid;
    return -ENOSYS;
#endif
}
