/// `quizgen --version`.
enum QuizgenVersion {
    static let current = "0.1.0"
}
