import Testing
import UprightCore
import UprightHost
@testable import UprightLinux

/// Opening a stream's decisions: the format asked for among those offered, the driver's
/// answer, its frame interval, the buffers' split between ring and queue.
@Suite struct V4L2FormatPlanTests {
    /// videodev2.h's values: V4L2_PIX_FMT_MJPEG 0x47504A4D, V4L2_PIX_FMT_YUYV 0x56595559.
    @Test func fourccsAreVideodev2s() {
        #expect(V4L2FormatPlan.fourcc("MJPG") == 0x4750_4A4D)
        #expect(V4L2FormatPlan.fourcc("YUYV") == 0x5659_5559)
        #expect(V4L2FormatPlan.name(0x5659_5559) == "YUYV")
        #expect(V4L2FormatPlan.name(0x0000_0041) == "A???")
    }

    @Test func theFormatOfferedIsChosen() {
        let yuyv = V4L2FormatPlan.fourcc("YUYV")
        let mjpg = V4L2FormatPlan.fourcc("MJPG")
        let jpeg = V4L2FormatPlan.fourcc("JPEG")
        #expect(V4L2FormatPlan.choose(.mjpeg, offered: [yuyv, mjpg], device: "/dev/video0") == .success(mjpg))
        #expect(V4L2FormatPlan.choose(.mjpeg, offered: [jpeg, yuyv], device: "/dev/video0") == .success(jpeg))
        #expect(V4L2FormatPlan.choose(.yuyv, offered: [mjpg, yuyv], device: "/dev/video0") == .success(yuyv))
    }

    /// vivid offers no Motion JPEG: one line naming what it offers and the key.
    @Test func aFormatNotOfferedIsOneLine() {
        let offered = ["YUYV", "UYVY", "RGB3"].map(V4L2FormatPlan.fourcc)
        guard case .failure(let error) = V4L2FormatPlan.choose(.mjpeg, offered: offered, device: "/dev/video0") else {
            Issue.record("chose a format the device does not offer")
            return
        }
        #expect(error.description == "/dev/video0 offers YUYV, UYVY, RGB3, not MJPEG (camera.format)")
        guard case .failure(let none) = V4L2FormatPlan.choose(.yuyv, offered: [], device: "/dev/video1") else {
            Issue.record("chose a format from none")
            return
        }
        #expect(none.description == "/dev/video1 offers no capture format, not YUYV (camera.format)")
    }

    @Test func theDriverMustSetTheFormatAsked() {
        let yuyv = V4L2FormatPlan.fourcc("YUYV")
        #expect(V4L2FormatPlan.check(got: yuyv, asked: yuyv, device: "/dev/video0") == nil)
        #expect(
            V4L2FormatPlan.check(got: V4L2FormatPlan.fourcc("RGB3"), asked: yuyv, device: "/dev/video0")?.description
                == "/dev/video0 set RGB3 when asked for YUYV (camera.format)")
    }

    /// 1/30 s is 33,333,333 ns; 1001/30000 (NTSC) 33,366,666 ns; a driver that says 0/0 keeps
    /// the board's.
    @Test func frameIntervalIsTheDrivers() {
        #expect(V4L2FormatPlan.interval(numerator: 1, denominator: 30, asked: .milliseconds(40)) == TimeSpan(nanoseconds: 33_333_333))
        #expect(V4L2FormatPlan.interval(numerator: 1001, denominator: 30000, asked: .zero) == TimeSpan(nanoseconds: 33_366_666))
        #expect(V4L2FormatPlan.interval(numerator: 0, denominator: 0, asked: .milliseconds(40)) == .milliseconds(40))
    }

    /// Ring 8 asks for 10; granted 10 keeps 8; granted 6 keeps 4; granted 3 is too few.
    @Test func buffersSplitBetweenRingAndQueue() {
        #expect(V4L2FormatPlan.buffersToRequest(ringFrames: 8) == 10)
        #expect(V4L2FormatPlan.ringCapacity(granted: 10, ringFrames: 8, device: "/dev/video0") == .success(8))
        #expect(V4L2FormatPlan.ringCapacity(granted: 32, ringFrames: 8, device: "/dev/video0") == .success(8))
        #expect(V4L2FormatPlan.ringCapacity(granted: 6, ringFrames: 8, device: "/dev/video0") == .success(4))
        guard case .failure(let error) = V4L2FormatPlan.ringCapacity(granted: 3, ringFrames: 8, device: "/dev/video0") else {
            Issue.record("accepted three buffers")
            return
        }
        #expect(error.description == "/dev/video0 granted 3 buffers, fewer than the 4 a frame ring needs")
    }
}

/// The device's refusals, without a camera: a node that is not there, and one that is no
/// video device (/dev/null answers VIDIOC_QUERYCAP with ENOTTY).
@Suite struct V4L2DeviceTests {
    @Test func aMissingNodeSaysWhatToCheck() {
        #expect(throws: V4L2Error.system("/dev/upright-no-video", "open", code: 2)) {
            try V4L2Device(path: "/dev/upright-no-video")
        }
        #expect(
            V4L2Error.system("/dev/upright-no-video", "open", code: 2).description
                == "/dev/upright-no-video: open: No such file or directory (no such device node: is the camera plugged in, its driver loaded?)")
    }

    @Test func aNodeThatIsNoCameraIsRefused() {
        #expect(throws: V4L2Error.system("/dev/null", "VIDIOC_QUERYCAP", code: 25)) { try V4L2Device(path: "/dev/null") }
        #expect(V4L2Error.system("/dev/null", "VIDIOC_DQBUF", code: 19).deviceIsGone)
        #expect(
            V4L2Error.system("/dev/video0", "VIDIOC_DQBUF", code: 19).description
                == "/dev/video0: VIDIOC_DQBUF: No such device (the device is gone: unplugged, or its driver unloaded)")
    }
}
