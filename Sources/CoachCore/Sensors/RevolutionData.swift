// Cumulative revolutions with the time of the last revolution event, as CSC and Cycling Power
// sensors send them, and the rate calculator that turns successive values into speed and cadence.

/// A cumulative revolution count and the sensor's time of the last revolution (raw ticks).
public struct RevolutionData: Sendable, Hashable {
    public var revolutions: UInt32
    /// Ticks of `1 / ticksPerSecond` s; wraps at 65536.
    public var eventTime: UInt16
    /// 1024 for CSC and crank data, 2048 for Cycling Power wheel data.
    public var ticksPerSecond: Double

    public init(revolutions: UInt32, eventTime: UInt16, ticksPerSecond: Double = 1024) {
        self.revolutions = revolutions
        self.eventTime = eventTime
        self.ticksPerSecond = ticksPerSecond
    }

    /// The event time in seconds on the sensor's wrapping clock.
    public var eventSeconds: Double { Double(eventTime) / ticksPerSecond }
}

/// Revolutions per second from successive cumulative values, as a pure calculator.
///
/// Counters and event times wrap (32- or 16-bit revolutions, 16-bit times), so differences are
/// taken modulo their width. A value whose event time has not moved carries no new revolution:
/// the last rate holds for `staleLimit` such values (sensors repeat themselves between events),
/// then the rate is 0 — the wheel or crank has stopped. After a stop the next event only sets a
/// new baseline, because the 16-bit clock may have wrapped any number of times meanwhile. A rate
/// above `maximumRate` means the sensor restarted its counters: that value is a new baseline too.
public struct RevolutionRate: Sendable, Hashable {
    public let revolutionModulus: UInt64
    public let maximumRate: Double
    public let staleLimit: Int
    private var previous: RevolutionData?
    private var unchanged = 0
    private var stopped = false
    public private(set) var rate: Double?

    /// `revolutionBits`: 32 for wheel data, 16 for crank data.
    public init(revolutionBits: Int, maximumRate: Double, staleLimit: Int = 2) {
        revolutionModulus = UInt64(1) << UInt64(revolutionBits)
        self.maximumRate = maximumRate
        self.staleLimit = staleLimit
    }

    /// Feeds the next value; returns the rate in revolutions per second, or nil until two values
    /// with distinct event times have been seen.
    public mutating func update(_ data: RevolutionData) -> Double? {
        guard let previous else {
            self.previous = data
            return nil
        }
        let ticks = (UInt64(data.eventTime) &+ 65536 &- UInt64(previous.eventTime)) % 65536
        guard ticks > 0 else {
            unchanged += 1
            if unchanged > staleLimit, rate != nil {
                rate = 0
                stopped = true
            }
            return rate
        }
        unchanged = 0
        self.previous = data
        if stopped {
            stopped = false
            return rate
        }
        let revolutions = (UInt64(data.revolutions) &+ revolutionModulus &- UInt64(previous.revolutions)) % revolutionModulus
        let value = Double(revolutions) / (Double(ticks) / data.ticksPerSecond)
        guard value <= maximumRate else { return rate }
        rate = value
        return value
    }
}

/// Speed, cadence and distance across successive CSC or Cycling Power measurements.
public struct WheelAndCrankRates: Sendable, Hashable {
    /// Metres travelled per wheel revolution (2.105 m: a 700×25c road tyre).
    public var wheelCircumference: Double
    // 40 wheel revolutions per second is over 300 km/h; 5 crank revolutions per second is 300 rpm.
    private var wheel = RevolutionRate(revolutionBits: 32, maximumRate: 40)
    private var crank = RevolutionRate(revolutionBits: 16, maximumRate: 5)
    private var lastWheelRevolutions: UInt32?
    /// Metres the wheel turned since the previous value with wheel data; nil for the first value,
    /// for a value without wheel data, and when the counter jumped (a restarted sensor).
    public private(set) var lastWheelDistance: Double?
    /// More revolutions than this between two values (420 m on a road wheel) is a restarted
    /// counter, not riding: distance needs no event time, so it cannot be checked as a rate.
    static let maximumRevolutionStep: UInt32 = 200

    public init(wheelCircumference: Double = 2.105) { self.wheelCircumference = wheelCircumference }

    /// Speed in m/s and cadence in revolutions per minute after this value; nil where the value
    /// carries no such data or too few values have been seen.
    public mutating func update(wheel wheelData: RevolutionData?, crank crankData: RevolutionData?) -> (speed: Double?, cadence: Double?) {
        lastWheelDistance = nil
        if let wheelData {
            // Revolutions wrap at 2^32: the step is taken modulo that width, as for the rate.
            if let last = lastWheelRevolutions {
                let step = wheelData.revolutions &- last
                if step <= Self.maximumRevolutionStep { lastWheelDistance = Double(step) * wheelCircumference }
            }
            lastWheelRevolutions = wheelData.revolutions
        }
        let speed = wheelData.flatMap { wheel.update($0) }.map { $0 * wheelCircumference }
        let cadence = crankData.flatMap { crank.update($0) }.map { $0 * 60 }
        return (speed, cadence)
    }

    public mutating func update(_ measurement: CSCMeasurement) -> (speed: Double?, cadence: Double?) {
        update(wheel: measurement.wheel, crank: measurement.crank)
    }

    public mutating func update(_ measurement: CyclingPowerMeasurement) -> (speed: Double?, cadence: Double?) {
        update(wheel: measurement.wheel, crank: measurement.crank)
    }
}
