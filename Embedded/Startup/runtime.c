/* The few runtime functions Embedded Swift needs on a bare chip, on top of newlib-nano's
 * memory and string functions and libgcc's soft-float routines:
 *  - `posix_memalign` (the Swift runtime's allocator), counted, as are `malloc` and `free`
 *    (linked with --wrap=malloc,--wrap=free);
 *  - `_sbrk` for newlib's allocator: the heap runs from the end of .bss to the stack;
 *  - the stack protector's guard and failure handler;
 *  - on ARMv6-M, the `__atomic_*` calls: the Cortex-M0 has no exclusive load/store
 *    (ARMv6-M ARM: no LDREX/STREX), so the compiler calls these. One core, no interrupt
 *    handler touching the same words: masking interrupts around a plain access is atomic;
 *  - the stack painting that measures the stack's high-water mark. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "harness.h"

extern uint32_t __heap_start[], __heap_end[];
extern uint32_t __stack_top[], __stack_bottom[];
extern uint32_t __data_start[], __data_end[], __bss_start[], __bss_end[];

static uint32_t allocations, frees;

/* ---- heap ---- */

void *memalign(size_t alignment, size_t size);
void *__real_malloc(size_t size);
void __real_free(void *pointer);

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    /* POSIX: the alignment is a power of two and a multiple of sizeof(void *). */
    if (alignment < sizeof(void *)) alignment = sizeof(void *);
    void *memory = memalign(alignment, size);
    if (memory == NULL) return ENOMEM;
    *result = memory;
    return 0;
}

void *__wrap_malloc(size_t size) {
    allocations++;
    return __real_malloc(size);
}

void __wrap_free(void *pointer) {
    if (pointer != NULL) frees++;
    __real_free(pointer);
}

static uint8_t *heapTop = (uint8_t *)__heap_start;

void *_sbrk(ptrdiff_t increment) {
    uint8_t *previous = heapTop;
    if (increment > (uint8_t *)__heap_end - heapTop || increment < (uint8_t *)__heap_start - heapTop) {
        errno = ENOMEM;
        return (void *)-1;
    }
    heapTop += increment;
    return previous;
}

uint32_t upright_allocations(void) { return allocations; }
uint32_t upright_frees(void) { return frees; }
uint32_t upright_heap_peak_bytes(void) { return (uint32_t)(heapTop - (uint8_t *)__heap_start); }

/* ---- stack ---- */

/* Words the stack never held read as this after the run. */
#define STACK_PAINT 0xC5A5C5A5u

/* Called by the reset handler, whose own frame is the only stack in use: paints from the
 * bottom of the stack region up to a little below the current stack pointer. */
void upright_stack_paint(void) {
    uint32_t *sp;
    __asm volatile("mov %0, sp" : "=r"(sp));
    for (uint32_t *word = __stack_bottom; word < sp - 16; word++) *word = STACK_PAINT;
}

uint32_t upright_stack_peak_bytes(void) {
    uint32_t *word = __stack_bottom;
    while (word < __stack_top && *word == STACK_PAINT) word++;
    return (uint32_t)((uint8_t *)__stack_top - (uint8_t *)word);
}

uint32_t upright_stack_region_bytes(void) { return (uint32_t)((uint8_t *)__stack_top - (uint8_t *)__stack_bottom); }
uint32_t upright_data_bytes(void) { return (uint32_t)((uint8_t *)__data_end - (uint8_t *)__data_start); }
uint32_t upright_bss_bytes(void) { return (uint32_t)((uint8_t *)__bss_end - (uint8_t *)__bss_start); }

/* ---- stack protector ---- */

uintptr_t __stack_chk_guard = 0x5E1F0A7Du;

void __stack_chk_fail(void) {
    static const char line[] = "X fault: stack smashing detected\n";
    upright_write((const uint8_t *)line, sizeof line - 1);
    upright_exit(1);
}

/* ---- atomics (ARMv6-M) ---- */

#if defined(__ARM_ARCH_6M__)
static inline uint32_t interruptsOff(void) {
    uint32_t primask;
    __asm volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    return primask;
}

static inline void interruptsRestore(uint32_t primask) { __asm volatile("msr primask, %0" ::"r"(primask) : "memory"); }

unsigned int __atomic_load_4(const volatile void *address, int order) {
    (void)order;
    uint32_t saved = interruptsOff();
    unsigned int value = *(const volatile unsigned int *)address;
    interruptsRestore(saved);
    return value;
}

void __atomic_store_4(volatile void *address, unsigned int value, int order) {
    (void)order;
    uint32_t saved = interruptsOff();
    *(volatile unsigned int *)address = value;
    interruptsRestore(saved);
}

unsigned int __atomic_exchange_4(volatile void *address, unsigned int value, int order) {
    (void)order;
    uint32_t saved = interruptsOff();
    unsigned int old = *(volatile unsigned int *)address;
    *(volatile unsigned int *)address = value;
    interruptsRestore(saved);
    return old;
}

_Bool __atomic_compare_exchange_4(volatile void *address, void *expected, unsigned int desired, _Bool weak, int success, int failure) {
    (void)weak, (void)success, (void)failure;
    uint32_t saved = interruptsOff();
    unsigned int current = *(volatile unsigned int *)address;
    _Bool equal = current == *(unsigned int *)expected;
    if (equal) *(volatile unsigned int *)address = desired;
    else *(unsigned int *)expected = current;
    interruptsRestore(saved);
    return equal;
}

#define FETCH_OPERATION(name, operator)                                       \
    unsigned int __atomic_fetch_##name##_4(volatile void *address, unsigned int value, int order) { \
        (void)order;                                                          \
        uint32_t saved = interruptsOff();                                     \
        unsigned int old = *(volatile unsigned int *)address;                 \
        *(volatile unsigned int *)address = old operator value;               \
        interruptsRestore(saved);                                             \
        return old;                                                           \
    }
FETCH_OPERATION(add, +)
FETCH_OPERATION(sub, -)
FETCH_OPERATION(and, &)
FETCH_OPERATION(or, |)
FETCH_OPERATION(xor, ^)
#endif
