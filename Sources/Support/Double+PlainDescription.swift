extension Double {
    /// How quizgen prints a number to readers and scripts: whole numbers without ".0"
    /// (2, not 2.0), anything else as Swift prints it. Beyond 10^15 a Double is no longer
    /// exact to the unit, and `Int` would overflow, so those keep Swift's form (1e+20).
    public var plainDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
