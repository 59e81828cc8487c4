import Synchronization
import Templating

/// Every view model the templates of a `TemplateSet` are rendered with, by template name:
/// for tests, which keep the names the template checks know (`GivenNames`) to those the
/// renderers give. A build keeps none.
final class ViewModelLog: Sendable {
    private let seen = Mutex<[String: GivenNames]>([:])

    func note(_ template: String, _ viewModel: TemplateValue) {
        let names = GivenNames(of: viewModel)
        seen.withLock { $0[template, default: GivenNames()].merge(names) }
    }

    /// The names each template was given, with what its sections pushed.
    var given: [String: GivenNames] { seen.withLock { $0 } }
}
