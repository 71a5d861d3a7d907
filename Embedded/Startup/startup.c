/* Vector table and reset handler for both emulated chips (ARMv6-M Cortex-M0 on the micro:bit,
 * ARMv7E-M Cortex-M4F on the MPS2 AN386). ARMv7-M Architecture Reference Manual, "The vector
 * table": word 0 is the initial stack pointer, word 1 the reset handler (Thumb bit set), then
 * NMI, HardFault, and on v7-M MemManage, BusFault, UsageFault (reserved on v6-M). */
#include <stdint.h>
#include "harness.h"

extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[], __stack_bottom[];
extern const uint8_t upright_input_start[], upright_input_capacity[];
extern void (*__init_array_start[])(void), (*__init_array_end[])(void);

void upright_reset(void);
void upright_clock_start(void);
void upright_stack_paint(void);

/* Any fault: say so and stop. (The firmware takes no interrupts, so every other vector is
 * unexpected too.) */
static void upright_fault(void) {
    static const char line[] = "X fault: the CPU took an exception\n";
    upright_write((const uint8_t *)line, sizeof line - 1);
    upright_exit(1);
}

__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))__stack_top,
    upright_reset,
    upright_fault, /* NMI */
    upright_fault, /* HardFault */
    upright_fault, /* MemManage (v7-M) */
    upright_fault, /* BusFault (v7-M) */
    upright_fault, /* UsageFault (v7-M) */
    0, 0, 0, 0,
    upright_fault, /* SVCall */
    upright_fault, /* DebugMonitor (v7-M) */
    0,
    upright_fault, /* PendSV */
    upright_fault, /* SysTick */
};

/* Newlib's startup code would call these; nothing needs them here. */
void _init(void) {}
void _fini(void) {}

void upright_reset(void) {
    for (uint32_t *from = __data_load, *to = __data_start; to < __data_end;) *to++ = *from++;
    for (uint32_t *to = __bss_start; to < __bss_end;) *to++ = 0;
    upright_stack_paint();
#if defined(__ARM_FP)
    /* ARMv7-M ARM, CPACR (Coprocessor Access Control Register, 0xE000ED88): full access to
     * coprocessors 10 and 11 (the FPU) in bits 20-23, then a barrier so the next instruction
     * sees it. */
    volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88;
    *cpacr |= 0xFu << 20;
    __asm volatile("dsb\n\tisb" ::: "memory");
    /* FPSCR in IEEE 754 mode: round to nearest (RMode 0), denormals kept (FZ, bit 24, 0),
     * NaNs propagated (DN, bit 25, 0), as the engine's bit-for-bit results need; set, not
     * assumed from reset. FPDSCR (0xE000EF3C) is what exception handlers would start with. */
    uint32_t fpscr = 0;
#if defined(UPRIGHT_FLUSH_TO_ZERO)
    /* Only in the float probe's sensitivity check (make mcu-test): FZ on flushes denormal
     * operands and results to zero, a departure from IEEE 754 the probe must see. */
    fpscr |= 1u << 24;
#endif
    __asm volatile("vmsr fpscr, %0" ::"r"(fpscr));
    *(volatile uint32_t *)0xE000EF3C = fpscr;
#endif
    for (void (**init)(void) = __init_array_start; init < __init_array_end; init++) (*init)();
    upright_clock_start();
    upright_calibrate();
    int32_t status = upright_harness_main(upright_input_start, (uint32_t)(uintptr_t)upright_input_capacity);
    upright_exit(status);
}
