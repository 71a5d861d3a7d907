/* Instruction counting from a free-running hardware timer. Under QEMU with
 * `-icount shift=0,sleep=off` virtual time advances exactly one nanosecond per executed
 * instruction and the timers count virtual time, so timer ticks convert to instructions:
 *  - micro:bit (nRF51822): TIMER0 at 0x40008000 (nRF51822 Product Specification v3.1,
 *    memory map), counting at 16 MHz / 2^PRESCALER (nRF51 Series Reference Manual v3.0,
 *    "TIMER - Timer/counter", register offsets below): 62.5 instructions per tick;
 *  - MPS2 AN386: CMSDK APB timer 0 at 0x40000000 (Application Note AN386, memory map), a
 *    32-bit down counter at the 25 MHz system clock (Cortex-M System Design Kit TRM, "APB
 *    timer"): 40 instructions per tick.
 * The resolution is one tick; figures per sample are averages over thousands of samples. */
#include <stdint.h>
#include "harness.h"

#define REGISTER(address) (*(volatile uint32_t *)(address))

#if defined(UPRIGHT_MICROBIT)
enum {
    TIMER0 = 0x40008000,
    TASKS_START = 0x000,
    TASKS_CAPTURE0 = 0x040,
    MODE = 0x504,      /* 0: timer */
    BITMODE = 0x508,   /* 3: 32 bit */
    PRESCALER = 0x510, /* 0: 16 MHz */
    CC0 = 0x540,
};
/* Nanoseconds per tick, as a fraction: 1e9 / 16 MHz = 125 / 2. */
static const uint32_t nsPerTickNumerator = 125, nsPerTickDenominator = 2;

const char *upright_machine_name(void) { return "microbit"; }

void upright_clock_start(void) {
    REGISTER(TIMER0 + MODE) = 0;
    REGISTER(TIMER0 + BITMODE) = 3;
    REGISTER(TIMER0 + PRESCALER) = 0;
    REGISTER(TIMER0 + TASKS_START) = 1;
}

/* Ticks counted up since the start. */
static uint32_t ticks(void) {
    REGISTER(TIMER0 + TASKS_CAPTURE0) = 1;
    return REGISTER(TIMER0 + CC0);
}
#elif defined(UPRIGHT_MPS2_AN386)
enum {
    TIMER0 = 0x40000000,
    CTRL = 0x000,  /* bit 0: enable */
    VALUE = 0x004,
    RELOAD = 0x008,
};
/* 1e9 / 25 MHz = 40. */
static const uint32_t nsPerTickNumerator = 40, nsPerTickDenominator = 1;

const char *upright_machine_name(void) { return "mps2-an386"; }

void upright_clock_start(void) {
    REGISTER(TIMER0 + CTRL) = 0;
    REGISTER(TIMER0 + RELOAD) = 0xFFFFFFFFu;
    REGISTER(TIMER0 + VALUE) = 0xFFFFFFFFu;
    REGISTER(TIMER0 + CTRL) = 1;
}

/* The counter runs down from 2^32 - 1: ticks since the start count up. */
static uint32_t ticks(void) { return 0xFFFFFFFFu - REGISTER(TIMER0 + VALUE); }
#else
#error "define UPRIGHT_MICROBIT or UPRIGHT_MPS2_AN386"
#endif

static uint32_t markTicks, pausedTicks, pauseStart, pauseDepth, calibrationTicks;

static uint64_t instructionsIn(uint32_t elapsedTicks) {
    return (uint64_t)elapsedTicks * nsPerTickNumerator / nsPerTickDenominator;
}

/* A loop of exactly 2 * UPRIGHT_CALIBRATION_ROUNDS instructions (SUBS and BNE per round),
 * timed at reset: the host checks the figure against that count, so a wrong clock rate or a
 * QEMU that does not count one instruction per nanosecond fails the run's figures. */
void upright_calibrate(void) {
    uint32_t rounds = UPRIGHT_CALIBRATION_ROUNDS;
    uint32_t start = ticks();
    __asm volatile(".syntax unified\n1:\n\tsubs %0, #1\n\tbne 1b" : "+l"(rounds)::"cc");
    calibrationTicks = ticks() - start;
}

uint64_t upright_calibration_instructions(void) { return instructionsIn(calibrationTicks); }

void upright_mark(void) {
    pausedTicks = 0;
    markTicks = ticks();
}

/* Pauses nest: only the outermost pair counts. */
void upright_clock_pause(void) {
    if (pauseDepth++ == 0) pauseStart = ticks();
}

void upright_clock_resume(void) {
    if (pauseDepth > 0 && --pauseDepth == 0) pausedTicks += ticks() - pauseStart;
}

uint64_t upright_instructions(void) { return instructionsIn(ticks() - markTicks - pausedTicks); }
