// edge-timing: when does the kernel stamp a GPIO edge, with and without its debounce?
// The kernel test's guest runs it on the gpio-sim shutter line before `upright run` starts:
//     edge-timing /dev/gpiochipN LINE PULL-SYSFS DEBOUNCE-US ROUNDS
// It requests LINE for both edges (uAPI v2, linux/gpio.h), with DEBOUNCE-US as the line's
// debounce attribute (0: none), then ROUNDS times: reads CLOCK_MONOTONIC, writes pull-up or
// pull-down to gpio-sim's sysfs `pull` (the contact moving), and reads the event that follows;
// the difference between the event's timestamp_ns (CLOCK_MONOTONIC, the default event clock)
// and the time the pull was written is how late the kernel stamps the edge. One line:
//     edge-timing debounce_us=D delays_us=d1,d2,... median_us=M
// Exit 1 when the line cannot be requested or an edge does not come within 2 s.
#include <fcntl.h>
#include <linux/gpio.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static long long monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: edge-timing CHIP LINE PULL-SYSFS DEBOUNCE-US ROUNDS\n");
        return 2;
    }
    int rounds = atoi(argv[5]);
    if (rounds < 1 || rounds > 64) rounds = 8;
    int chip = open(argv[1], O_RDWR | O_CLOEXEC);
    if (chip < 0) { perror(argv[1]); return 1; }
    struct gpio_v2_line_request request;
    memset(&request, 0, sizeof request);
    request.offsets[0] = (unsigned)atoi(argv[2]);
    request.num_lines = 1;
    strcpy(request.consumer, "edge-timing");
    request.config.flags = GPIO_V2_LINE_FLAG_INPUT | GPIO_V2_LINE_FLAG_EDGE_RISING | GPIO_V2_LINE_FLAG_EDGE_FALLING;
    unsigned debounce = (unsigned)atoi(argv[4]);
    if (debounce > 0) {
        request.config.num_attrs = 1;
        request.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
        request.config.attrs[0].attr.debounce_period_us = debounce;
        request.config.attrs[0].mask = 1;
    }
    if (ioctl(chip, GPIO_V2_GET_LINE_IOCTL, &request) < 0) { perror("GPIO_V2_GET_LINE_IOCTL"); return 1; }
    close(chip);
    long long delays[64];
    for (int round = 0; round < rounds; round++) {
        // Settle past the debounce before the next edge.
        usleep(debounce + 100000);
        int pull = open(argv[3], O_WRONLY);
        if (pull < 0) { perror(argv[3]); return 1; }
        const char *level = round % 2 == 0 ? "pull-up" : "pull-down";
        long long before = monotonic_ns();
        if (write(pull, level, strlen(level)) < 0) { perror("write pull"); return 1; }
        close(pull);
        struct pollfd wait = { .fd = request.fd, .events = POLLIN };
        if (poll(&wait, 1, 2000) != 1) { fprintf(stderr, "edge-timing: no edge within 2 s of %s\n", level); return 1; }
        struct gpio_v2_line_event event;
        if (read(request.fd, &event, sizeof event) != (ssize_t)sizeof event) { perror("read event"); return 1; }
        delays[round] = ((long long)event.timestamp_ns - before) / 1000;
    }
    printf("edge-timing debounce_us=%u delays_us=", debounce);
    for (int round = 0; round < rounds; round++) printf("%s%lld", round ? "," : "", delays[round]);
    qsort(delays, (size_t)rounds, sizeof delays[0], compare);
    printf(" median_us=%lld\n", delays[rounds / 2]);
    return 0;
}
