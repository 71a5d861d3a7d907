/* What the C side of the harness offers the Embedded Swift side (Embedded/Harness), and the
 * one function it calls there. The Swift side declares these with @_extern(c). */
#ifndef UPRIGHT_HARNESS_H
#define UPRIGHT_HARNESS_H

#include <stdint.h>

/* Implemented in Swift (Embedded/Harness/HarnessEntry.swift): runs the input at `input`
 * (at most `capacity` bytes) and returns the exit status. */
int32_t upright_harness_main(const uint8_t *input, uint32_t capacity);

/* Semihosting: `count` bytes to the host's standard output; exit QEMU. */
void upright_write(const uint8_t *bytes, uint32_t count);
void upright_exit(int32_t status) __attribute__((noreturn));

/* The machine's name ("microbit", "mps2-an386"). */
const char *upright_machine_name(void);

/* Instruction counting (QEMU -icount shift=0: one instruction per nanosecond of virtual
 * time, read from a hardware timer): `upright_mark` starts a measurement; `upright_instructions`
 * returns the instructions executed since, minus those spent inside `upright_write` and
 * between `upright_clock_pause` and `upright_clock_resume`. */
void upright_mark(void);
uint64_t upright_instructions(void);
/* Leaves the instructions between a pause and its resume out of the count. */
void upright_clock_pause(void);
void upright_clock_resume(void);

/* The reset handler times a loop of 2 * UPRIGHT_CALIBRATION_ROUNDS instructions. */
#define UPRIGHT_CALIBRATION_ROUNDS 100000u
void upright_calibrate(void);
uint64_t upright_calibration_instructions(void);

/* Heap accounting: allocations (posix_memalign and malloc calls), frees, and the heap's
 * high-water mark in bytes. */
uint32_t upright_allocations(void);
uint32_t upright_frees(void);
uint32_t upright_heap_peak_bytes(void);

/* Memory figures: the deepest the stack has been (painted at reset), and the sizes of the
 * stack region, .data and .bss. */
uint32_t upright_stack_peak_bytes(void);
uint32_t upright_stack_region_bytes(void);
uint32_t upright_data_bytes(void);
uint32_t upright_bss_bytes(void);

#endif
