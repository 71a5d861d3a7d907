/// The commands one event produces, in order: a fixed-capacity value, so a transition never
/// allocates.
///
/// The bound: the worst event is `shutdownRequested` in `capturing` with a full press queue
/// and a press down: abandon the photo, a capture-failed record, one rejection per queued
/// press (`PressQueue.capacity`) and one for the press down, cancel the capture timer, the
/// state record, stop the preview: 6 + capacity = 10. The exhaustive exploration test runs
/// at the full queue capacity and checks that exactly this maximum is reached.
public struct Commands: Sendable {
    /// Exactly the worst case: each slot is a command's size on the chip's stack.
    public static let capacity = 10

    private var storage = InlineArray<10, MachineCommand>(repeating: .camera(.stopPreview))
    /// How many commands the transition gave.
    public private(set) var count = 0
    /// A command was dropped because the capacity was exceeded: a broken bound. Debug builds
    /// trap at once; the runtime traps in strict builds (the simulator) and reports it otherwise.
    public private(set) var overflowed = false

    /// No commands.
    public init() {}

    /// Appends `command`. The capacity is the worst case (see above), so nothing is dropped;
    /// if a future change broke that, the extra command is dropped and `overflowed` set.
    public mutating func append(_ command: MachineCommand) {
        guard count < Commands.capacity else {
            overflowed = true
            assertionFailure("Commands: more commands for one event than its capacity")
            return
        }
        storage[count] = command
        count += 1
    }

    /// Appends the camera order `order` (`MachineCommand.camera`). One place builds the
    /// nested value: built inline at each call, it took a temporary of its own in every frame
    /// (on a Cortex-M0, 170 more bytes of stack at start-up, docs/mcu.md, "RAM").
    @inline(never)
    public mutating func order(_ order: CameraOrder) {
        append(.camera(order))
    }

    /// The command at `index`, in the order the runtime carries them out.
    public subscript(index: Int) -> MachineCommand { storage[index] }

    /// The command at `index`, read in place: the runtime's way through the commands. The
    /// subscript, a non-mutating read of an `InlineArray`, copies the whole value first (about
    /// 200 bytes of stack on a Cortex-M0, for every command).
    mutating func command(at index: Int) -> MachineCommand { storage[index] }

    /// True when the transition gave no command.
    public var isEmpty: Bool { count == 0 }
}

extension Commands: RandomAccessCollection {
    /// The first command's index: always 0.
    public var startIndex: Int { 0 }
    /// One past the last command's index: `count`.
    public var endIndex: Int { count }
}
