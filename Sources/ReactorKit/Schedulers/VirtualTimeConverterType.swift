#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Converts between a virtual time scheduler's own time units and real dates and intervals.
public protocol VirtualTimeConverterType {
    /// The virtual time type (for example ticks).
    associatedtype VirtualTimeUnit
    /// The virtual time interval type.
    associatedtype VirtualTimeIntervalUnit

    /// Converts virtual time to a date.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// Converts a date to virtual time.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// Converts a virtual time interval to seconds.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// Converts seconds to a virtual time interval.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// Adds an interval to a virtual time.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// Compares two virtual times.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left time is earlier.
    case lessThan
    /// The times are equal.
    case equal
    /// The left time is later.
    case greaterThan
}

extension VirtualTimeComparison {
    /// Whether the left time is earlier.
    public var lessThen: Bool { self == .lessThan }
    /// Whether the left time is later.
    public var greaterThan: Bool { self == .greaterThan }
    /// Whether the times are equal.
    public var equal: Bool { self == .equal }
}
