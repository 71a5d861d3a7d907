// vivid-control: sets one V4L2 control of a video node from outside the program streaming
// from it, as a test harness does to vivid (docs/camera.md, "V4L2", [vivid]):
//     vivid-control /dev/videoN ID VALUE
// ID in hex or decimal. vivid's Disconnect button (VIVID_CID_DISCONNECT, 0x00f0f041: vivid's
// base 0x00f0f000 + 65) emulates a USB disconnect: every call on an open descriptor fails
// ENODEV until every descriptor is closed, then the node works again.
// Exit 1 when the node cannot be opened or the control not set (the error on stderr).
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: vivid-control DEVICE ID VALUE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDWR | O_CLOEXEC);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct v4l2_control control = { .id = (__u32)strtoul(argv[2], NULL, 0), .value = atoi(argv[3]) };
    if (ioctl(fd, VIDIOC_S_CTRL, &control) < 0) { perror("VIDIOC_S_CTRL"); close(fd); return 1; }
    close(fd);
    return 0;
}
