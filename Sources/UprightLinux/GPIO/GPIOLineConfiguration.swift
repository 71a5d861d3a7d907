import CLinux

/// How to request one input line from a GPIO chip (uAPI v2, linux/gpio.h).
public struct GPIOLineConfiguration: Hashable, Sendable {
    public enum Bias: Hashable, Sendable {
        case pullUp
        case pullDown
        case disabled
        /// Leave the bias as the firmware set it.
        case asIs
    }

    /// Which edges produce events.
    public struct Edges: OptionSet, Hashable, Sendable {
        public var rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let rising = Edges(rawValue: 1)
        public static let falling = Edges(rawValue: 2)
        public static let both: Edges = [.rising, .falling]
    }

    /// The line's offset on its chip (the BCM GPIO number on a Pi's header chip).
    public var offset: UInt32
    public var bias: Bias
    /// Active when the pin is low: a button to ground with a pull-up reads 1 while pressed.
    public var activeLow: Bool
    public var edges: Edges
    /// Kernel debounce period in microseconds (0: none).
    public var debounceMicroseconds: UInt32
    /// Name shown by gpioinfo as the line's consumer (at most 31 bytes are kept).
    public var consumer: String
    /// Events the kernel keeps for us before dropping the oldest (0: the kernel's default,
    /// 16 per line).
    public var eventBufferSize: UInt32

    /// The most events one line request may ask the kernel to keep: gpiolib-cdev clamps an
    /// `event_buffer_size` above `GPIO_V2_LINES_MAX` (64) times 16 to that (docs/hardware.md,
    /// "Linux GPIO from user space").
    public static let maximumEventBufferSize: UInt32 = 1024

    public init(
        offset: UInt32, bias: Bias = .pullUp, activeLow: Bool = true, edges: Edges = .both,
        debounceMicroseconds: UInt32 = 0, consumer: String = "upright", eventBufferSize: UInt32 = 0
    ) {
        self.offset = offset
        self.bias = bias
        self.activeLow = activeLow
        self.edges = edges
        self.debounceMicroseconds = debounceMicroseconds
        self.consumer = consumer
        self.eventBufferSize = eventBufferSize
    }

    // enum gpio_v2_line_flag (linux/gpio.h).
    static let flagActiveLow: UInt64 = 1 << 1
    static let flagInput: UInt64 = 1 << 2
    static let flagEdgeRising: UInt64 = 1 << 4
    static let flagEdgeFalling: UInt64 = 1 << 5
    static let flagBiasPullUp: UInt64 = 1 << 8
    static let flagBiasPullDown: UInt64 = 1 << 9
    static let flagBiasDisabled: UInt64 = 1 << 10

    /// The request's GPIO_V2_LINE_FLAG_* word. Timestamps stay on CLOCK_MONOTONIC (the
    /// default: no EVENT_CLOCK flag), the clock `Instant` uses.
    public var flags: UInt64 {
        var flags = Self.flagInput
        if activeLow { flags |= Self.flagActiveLow }
        if edges.contains(.rising) { flags |= Self.flagEdgeRising }
        if edges.contains(.falling) { flags |= Self.flagEdgeFalling }
        switch bias {
        case .pullUp: flags |= Self.flagBiasPullUp
        case .pullDown: flags |= Self.flagBiasPullDown
        case .disabled: flags |= Self.flagBiasDisabled
        case .asIs: break
        }
        return flags
    }

    /// The `struct gpio_v2_line_request` bytes for GPIO_V2_GET_LINE_IOCTL, laid out by the C
    /// compiler from the kernel header.
    public func encodedRequest() -> [UInt8] {
        let size = upright_gpio_line_request_size()
        var bytes = [UInt8](repeating: 0, count: size)
        let flags = self.flags
        let offset = self.offset
        let debounce = debounceMicroseconds
        let eventBufferSize = self.eventBufferSize
        let consumer = self.consumer
        bytes.withUnsafeMutableBytes { raw in
            _ = upright_gpio_fill_line_request(raw.baseAddress, size, offset, consumer, flags, debounce, eventBufferSize)
        }
        return bytes
    }
}
