import Dispatch

/// Timing samples in milliseconds with the summaries the benchmarks print.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ milliseconds: Double) { values.append(milliseconds) }

    /// Runs `body` and records how long it took.
    mutating func time(_ body: () throws -> Void) rethrows {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }

    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
        return sorted[index]
    }

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
}

/// Prints one result line: name, then the numbers, aligned.
func report(_ name: String, _ value: String) {
    let padded = name.count < 58 ? name + String(repeating: " ", count: 58 - name.count) : name
    print("\(padded) \(value)")
}

func format(_ ms: Double) -> String {
    String(format: "%.3f ms", ms)
}
