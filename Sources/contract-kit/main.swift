import Foundation
import KitSupport

HeapGrowth.growCoarsely()
exit(await ContractKit.main(Array(CommandLine.arguments.dropFirst())))
