/* Output and exit through ARM semihosting (Arm "Semihosting for AArch32 and AArch64",
 * version 2.0): the operation number in r0, a pointer to its parameter block in r1, then
 * BKPT 0xAB on M-profile cores; QEMU (-semihosting-config enable=on,target=native) carries
 * the operation out on the host. */
#include <stdint.h>
#include "harness.h"

enum {
    SYS_OPEN = 0x01,
    SYS_WRITE = 0x05,
    SYS_EXIT_EXTENDED = 0x20,
    /* Reason code for a normal exit (semihosting spec, SYS_EXIT). */
    ADP_Stopped_ApplicationExit = 0x20026,
    /* SYS_OPEN mode 4 is "w"; the special file name ":tt" is the console (standard output). */
    OPEN_MODE_WRITE = 4,
};

static int32_t semihost(int32_t operation, const void *parameters) {
    register int32_t r0 __asm("r0") = operation;
    register const void *r1 __asm("r1") = parameters;
    __asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static int32_t console = -1;

/* Instructions spent in here are not the firmware's: `upright_instructions` leaves them out. */
void upright_write(const uint8_t *bytes, uint32_t count) {
    upright_clock_pause();
    if (console < 0) {
        static const char name[] = ":tt";
        const uintptr_t open[3] = {(uintptr_t)name, OPEN_MODE_WRITE, sizeof name - 1};
        console = semihost(SYS_OPEN, open);
    }
    /* SYS_WRITE returns the number of bytes not written; the console takes everything. */
    const uintptr_t write[3] = {(uintptr_t)console, (uintptr_t)bytes, count};
    (void)semihost(SYS_WRITE, write);
    upright_clock_resume();
}

void upright_exit(int32_t status) {
    const uintptr_t exit[2] = {ADP_Stopped_ApplicationExit, (uintptr_t)status};
    for (;;) (void)semihost(SYS_EXIT_EXTENDED, exit);
}
