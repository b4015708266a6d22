import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What running one command cost, from `wait4`: the child's resource usage includes the
/// processes it waited for (a compiler driver's frontends), so CPU time and peak memory
/// cover the whole job. CPU time is the steadier figure on a machine shared with others.
///
/// A child spawned by a large process starts with that process's peak memory as its own
/// (Linux's posix_spawn shares the parent's memory until exec, and exec keeps its high-water
/// mark), so `run` measures through a fresh copy of this benchmark (`--measure`), a few MB.
struct ChildRun {
    var wallSeconds: Double
    var cpuSeconds: Double
    /// Peak resident set size of the child or any one of its descendants, in bytes.
    var peakBytes: Int
    var succeeded: Bool
    /// stdout and stderr together, for reporting a failure.
    var output: String
}

enum ChildProcess {
    /// Runs `arguments` (the first is an executable path) with stdout and stderr captured in
    /// `logFile`, measured by a fresh copy of this benchmark.
    static func run(_ arguments: [String], logFile: String) -> ChildRun {
        let measurer = spawn([Bundle.main.executablePath!, "--measure", logFile] + arguments, logFile: logFile + ".measure")
        let fields = measurer.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard measurer.succeeded, fields.count == 4 else { return measurer }
        let output = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        return ChildRun(wallSeconds: fields[0], cpuSeconds: fields[1], peakBytes: Int(fields[2]), succeeded: fields[3] == 1, output: output)
    }

    /// The `--measure` mode: runs `arguments` (after `--measure logFile`), prints wall seconds,
    /// CPU seconds, peak bytes and 1 for success, 0 for failure, and exits.
    static func measureAndExit(_ arguments: [String]) -> Never {
        let run = spawn(Array(arguments.dropFirst(2)), logFile: arguments[1])
        print(run.wallSeconds, run.cpuSeconds, run.peakBytes, run.succeeded ? 1 : 0)
        exit(0)
    }

    private static func spawn(_ arguments: [String], logFile: String) -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        let start = DispatchTime.now().uptimeNanoseconds
        var pid = pid_t()
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            return ChildRun(wallSeconds: 0, cpuSeconds: 0, peakBytes: 0, succeeded: false, output: "cannot run \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        let exitedCleanly = status & 0x7f == 0 && (status >> 8) & 0xff == 0
        let output = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        return ChildRun(wallSeconds: wall, cpuSeconds: cpu, peakBytes: peak, succeeded: exitedCleanly, output: output)
    }

    /// The best of `runs` runs by CPU time, with the shortest wall time of any of them (a
    /// parallel build's wall time and CPU time are each disturbed on their own); stops at the
    /// first failure and returns it.
    static func best(of runs: Int, _ arguments: [String], logFile: String, before: () -> Void = {}) -> ChildRun {
        var best: ChildRun?
        var wall = Double.infinity
        for _ in 0..<runs {
            before()
            let run = run(arguments, logFile: logFile)
            if !run.succeeded { return run }
            wall = min(wall, run.wallSeconds)
            if best == nil || run.cpuSeconds < best!.cpuSeconds { best = run }
        }
        best!.wallSeconds = wall
        return best!
    }

    /// A command for `best(of:_:)`: its arguments, log file and what to do before each run.
    struct Command {
        var arguments: [String]
        var logFile: String
        var before: () -> Void = {}
    }

    /// The best run of each command over `rounds` rounds, each round running every command once
    /// in turn: a change in the machine's load during the measurement then falls on all of them
    /// alike, not on whichever ran while it lasted. Stops at the first failure and returns it
    /// in that command's place.
    static func best(of rounds: Int, _ commands: [Command]) -> [ChildRun] {
        var best = [ChildRun?](repeating: nil, count: commands.count)
        var wall = [Double](repeating: .infinity, count: commands.count)
        for _ in 0..<rounds {
            for (index, command) in commands.enumerated() where best[index]?.succeeded ?? true {
                command.before()
                let run = run(command.arguments, logFile: command.logFile)
                guard run.succeeded else {
                    best[index] = run
                    continue
                }
                wall[index] = min(wall[index], run.wallSeconds)
                if best[index] == nil || run.cpuSeconds < best[index]!.cpuSeconds { best[index] = run }
            }
        }
        return best.indices.map { index in
            var run = best[index]!
            if run.succeeded { run.wallSeconds = wall[index] }
            return run
        }
    }

    /// `name` from `$PATH`, as a shell would find it.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A new empty folder under the system's temporary folder; the caller removes it.
    static func scratchDirectory(_ label: String) -> String {
        let path = FileManager.default.temporaryDirectory.path + "/cloudschema-benchmark-\(label)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
}
