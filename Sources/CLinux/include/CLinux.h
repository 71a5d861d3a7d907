#ifndef UPRIGHT_CLINUX_H
#define UPRIGHT_CLINUX_H

// Thin, non-variadic wrappers around the Linux ioctls Upright uses: Swift cannot call the
// variadic ioctl(2) directly. Every function returns 0 or a positive count on success and
// -errno on failure, so Swift never reads the thread-local errno after another call.

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// I2C_SLAVE: select the 7-bit address for plain read/write and SMBus calls.
int upright_i2c_set_address(int fd, uint16_t address);

/// I2C_FUNCS: the adapter's functionality bits.
int upright_i2c_functionality(int fd, unsigned long *functionality);

/// pidfd_open(2) (Linux 5.3): a descriptor that polls readable when process `pid` exits, so
/// an event loop can wait for a child without SIGCHLD. The fd is close-on-exec.
int upright_pidfd_open(int pid);

#ifdef __cplusplus
}
#endif

#endif
