import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, unbuffered enough for tools that read both.
package enum Terminal {
    /// The progress line of this run (started by main.swift around the subcommand).
    package static let progress = ProgressLine()

    package static func out(_ text: String) {
        progress.clear()
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package static func err(_ text: String) {
        progress.clear()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Color only when stdout is a terminal and NO_COLOR is not set (no-color.org).
    package static var stdoutSupportsColor: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}

/// Work that takes over `delay` seconds (2) shows one line on stderr, `cloudschema lint:
/// working, 3 s`, rewritten in place with `\r` and cleared before any output and at the end.
/// Only when stderr is a terminal: redirected or piped stderr never sees it, stdout never does.
/// Thread-safe: a timer refreshes the line while the command runs on the main thread.
package final class ProgressLine: @unchecked Sendable {
    private let isTerminal: Bool
    private let now: @Sendable () -> Double
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private var task: (name: String, start: Double, delay: Double)?
    /// The text on screen, or nil.
    private var shown: String?
    private var timer: DispatchSourceTimer?

    package init(
        isTerminal: Bool = isatty(STDERR_FILENO) == 1,
        now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.isTerminal = isTerminal
        self.now = now
        self.write = write
    }

    /// Starts timing `name` (`cloudschema lint`); on a terminal, a timer refreshes the line.
    /// `CLOUDSCHEMA_PROGRESS_DELAY` overrides the two seconds (for tests).
    package func start(_ name: String) {
        let delay = ProcessInfo.processInfo.environment["CLOUDSCHEMA_PROGRESS_DELAY"].flatMap(Double.init) ?? 2
        lock.withLock { task = (name, now(), delay) }
        guard isTerminal else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.refresh() }
        timer.resume()
        lock.withLock { self.timer = timer }
    }

    /// Shows or updates the line once the work has taken longer than the delay.
    package func refresh() {
        lock.withLock {
            guard isTerminal, let task else { return }
            let elapsed = now() - task.start
            guard elapsed >= task.delay else { return }
            let text = "\(task.name): working, \(Int(elapsed)) s"
            guard text != shown else { return }
            write("\r" + text + String(repeating: " ", count: max(0, (shown?.count ?? 0) - text.count)))
            shown = text
        }
    }

    /// Removes the line (before output is written); the next refresh shows it again.
    package func clear() {
        lock.withLock { clearLocked() }
    }

    /// The work is done: the line goes and does not come back.
    package func finish() {
        lock.withLock {
            timer?.cancel()
            timer = nil
            task = nil
            clearLocked()
        }
    }

    private func clearLocked() {
        guard let text = shown else { return }
        write("\r" + String(repeating: " ", count: text.count) + "\r")
        shown = nil
    }
}
