import Support
import Testing

@Suite struct NumberSetTests {
    /// A list while few, a set past 16: either way it answers as a set does.
    @Test(arguments: [1, 16, 17, 50])
    func answersAsASetDoes(count: Int) {
        var numbers = NumberSet()
        var reference = Set<Int>()
        for step in 0..<(count * 2) {
            let number = (step * 7) % count
            #expect(numbers.insert(number) == reference.insert(number).inserted)
        }
        for number in -1...count { #expect(numbers.contains(number) == reference.contains(number)) }
        #expect(NumberSet([3, 3, 1]).contains(1))
        #expect(!NumberSet([3, 3, 1]).contains(2))
    }

    @Test(arguments: [0, 3, 16, 17, 40])
    func distinctKeepsTheFirstOfEach(count: Int) {
        let numbers = (0..<count).map { ($0 * 7) % 5 } + [4, 0]
        var expected: [Int] = []
        for n in numbers where !expected.contains(n) { expected.append(n) }
        #expect(NumberSet.distinct(numbers) == expected)
    }
}
