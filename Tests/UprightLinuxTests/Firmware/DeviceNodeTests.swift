import Glibc
import Testing
import UprightTestSupport
@testable import UprightLinux

/// A node looked at by its name: the same, gone, or another under its name.
struct DeviceNodeTests {
    @Test func aNodeIsTheSameUntilItIsGoneOrReplaced() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/gpiochip0"
        close(open(path, O_CREAT | O_WRONLY, 0o600))
        let node = try #require(DeviceNode.at(path))
        #expect(node.path == path)
        #expect(node.whyGone() == nil)
        // Another file renamed over the name: a device that came back as a new one.
        close(open(path + ".new", O_CREAT | O_WRONLY, 0o600))
        rename(path + ".new", path)
        #expect(node.whyGone() == path + " is another device now (it went away and came back)")
        unlink(path)
        #expect(node.whyGone() == path + " is gone (No such file or directory)")
        #expect(DeviceNode.at(path) == nil)
    }
}
