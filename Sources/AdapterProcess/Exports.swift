// Where a check learns of a breakdown (AdapterFaults) and the store suite's crash harness come
// with the processes that supply them.
@_exported import AdapterSupervision
