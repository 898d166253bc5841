// The tours kernel's test build (build/test/tours.wasm): the release exports plus the
// switch that turns the frontier's pruning off, so the tests can show it changes no count.
// Never shipped.
export * from "./index";
export { frontierSetPrune } from "./frontier";
