import Foundation
import Testing

@testable import CloudSchemaCommandLine

/// Progress on stderr: after two seconds of work, only on a terminal, one line rewritten in
/// place and cleared before output and at the end. The clock and the terminal check are injected.
struct ProgressLineTests {
    /// A fake clock and stderr.
    final class Screen: @unchecked Sendable {
        private let lock = NSLock()
        private var time = 0.0
        private var writes: [String] = []
        var now: Double {
            get { lock.withLock { time } }
            set { lock.withLock { time = newValue } }
        }
        var written: [String] { lock.withLock { writes } }
        func write(_ text: String) { lock.withLock { writes.append(text) } }
    }

    func progress(on screen: Screen, isTerminal: Bool) -> ProgressLine {
        ProgressLine(isTerminal: isTerminal, now: { screen.now }, write: { screen.write($0) })
    }

    @Test func nothingWhenStderrIsNotATerminal() {
        let screen = Screen()
        let progress = progress(on: screen, isTerminal: false)
        progress.start("cloudschema lint")
        screen.now = 30
        progress.refresh()
        progress.clear()
        progress.finish()
        #expect(screen.written.isEmpty)
    }

    @Test func nothingInTheFirstTwoSeconds() {
        let screen = Screen()
        let progress = progress(on: screen, isTerminal: true)
        progress.start("cloudschema lint")
        screen.now = 1.9
        progress.refresh()
        progress.finish()
        #expect(screen.written.isEmpty)
    }

    @Test func oneLineRewrittenInPlaceThenCleared() {
        let screen = Screen()
        let progress = progress(on: screen, isTerminal: true)
        progress.start("cloudschema format")
        screen.now = 2.1
        progress.refresh()
        screen.now = 2.6
        progress.refresh()  // the same text: not written again
        screen.now = 12.0
        progress.refresh()
        progress.finish()
        screen.now = 20
        progress.refresh()  // finished: never shown again
        #expect(
            screen.written == [
                "\rcloudschema format: working, 2 s",
                "\rcloudschema format: working, 12 s",
                "\r" + String(repeating: " ", count: "cloudschema format: working, 12 s".count) + "\r",
            ])
    }

    @Test func clearedBeforeOutputAndShownAgainAfter() {
        let screen = Screen()
        let progress = progress(on: screen, isTerminal: true)
        progress.start("cloudschema lint")
        screen.now = 3
        progress.refresh()
        progress.clear()  // Terminal.out and Terminal.err do this before writing
        progress.clear()  // nothing on screen: nothing to clear
        progress.refresh()
        progress.finish()
        let line = "\rcloudschema lint: working, 3 s"
        let blank = "\r" + String(repeating: " ", count: line.count - 1) + "\r"
        #expect(screen.written == [line, blank, line, blank])
    }
}

/// The binary with stderr a pipe (not a terminal) prints no progress, even when the delay is zero.
struct ProgressOutputTests {
    @Test(arguments: [["lint", "Schemas"], ["format", "Schemas/Garden/Garden.cloudschema"], ["export", "Schemas/Garden"]])
    func noProgressWhenStderrIsNotATerminal(_ arguments: [String]) throws {
        let result = try cloudschema(arguments, environment: ["CLOUDSCHEMA_PROGRESS_DELAY": "0"])
        #expect(!result.stderr.contains("working"))
        #expect(!result.stderr.contains("\r"))
        #expect(!result.stdout.contains("working"))
        #expect(!result.stdout.isEmpty)
    }
}
