import Foundation
import KitSupport

/// What survives a power loss: the persistence model `store.powerLoss` builds crash states
/// under. Both models lose every operation that no sync covers, in any order and any subset.
///
/// - ``posix``, the default: a file's data (and the size needed to read it) persists through an
///   `fsync` or `fdatasync` of that file, a write through a descriptor with `O_DSYNC` or `O_SYNC`
///   (not `O_DIRECT` alone), an `msync(MS_SYNC)` of a map of it, or `F_FULLFSYNC`;
///   a directory entry (a create, rename, unlink or `mkdir`) persists only through an `fsync` of
///   its directory. A rename is atomic: either its new name persisted or its old one did.
///   `sync_file_range` persists nothing. Sources: POSIX `fsync` ("all data for the open file
///   descriptor"), Linux `fsync(2)` ("does not necessarily ensure that the entry in the
///   directory containing the file has also reached disk. For that an explicit fsync() on a file
///   descriptor for the directory is also needed"), `sync_file_range(2)` ("extremely
///   dangerous"); Pillai et al., "All File Systems Are Not Created Equal", OSDI 2014.
/// - ``apple``: the same, but a plain `fsync`, `fdatasync`, `msync` or `O_DSYNC` write only moves
///   data into the drive's cache, which a power loss can lose; only `fcntl(fd, F_FULLFSYNC)` makes it durable,
///   and it flushes the whole cache, so it persists what earlier syncs had sent. Source: Apple's
///   `fsync(2)` ("the disk drive may ... write the data out of order ... use F_FULLFSYNC") and
///   `fcntl(2)` (`F_FULLFSYNC`). The model judges the calls a store makes on the machine the
///   suite runs on. Linux has no `F_FULLFSYNC`: there the recorder carries out Darwin's value,
///   `fcntl(fd, 51)`, as one, and a store that made no such call is judged under ``posix``, a
///   pass there being a skip, since Linux cannot show what the store's Apple build calls.
public struct PowerLossModel: Hashable, Sendable, CustomStringConvertible {
  /// The model's name: `posix` or `apple`.
  public let name: String
  private init(_ name: String) { self.name = name }

  /// POSIX and Linux semantics: `fsync` persists a file's data, a directory's `fsync` its
  /// entries.
  public static let posix = PowerLossModel("posix")
  /// Apple semantics: only `F_FULLFSYNC` persists anything.
  public static let apple = PowerLossModel("apple")

  /// Every model, by name.
  public static let all = [posix, apple]

  /// The environment variable that picks a model.
  package static let environmentVariable = "CONTRACT_KIT_POWER_LOSS_MODEL"

  /// The model named `name`, or `nil`.
  package static func named(_ name: String) -> PowerLossModel? {
    all.first { $0.name == name }
  }

  /// The scoped ``ConformanceSettings``' model, else the one `CONTRACT_KIT_POWER_LOSS_MODEL`
  /// names, else ``posix``.
  @usableFromInline package static func current(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PowerLossModel {
    if let scoped = ConformanceSettings.scoped?.powerLossModel { return scoped }
    return KitEnvironment.value(environmentVariable, in: environment).flatMap(named) ?? .posix
  }

  /// `posix` or `apple`.
  public var description: String { name }

  /// The sync that would persist a file's data under this model, for messages.
  var fileSync: String { self == .apple ? "fcntl(fd, F_FULLFSYNC)" : "fsync (or fdatasync)" }
}
