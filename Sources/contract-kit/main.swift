import Foundation
import KitCommandLine

HeapGrowth.growCoarsely()
exit(await ContractKit.main(Array(CommandLine.arguments.dropFirst())))
