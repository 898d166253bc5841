// The caller with a ball machine: numbers typed from a physical draw are called, a
// repeat, a number outside 1..90 or other text refused; a saved game with a byte-order
// mark resumes as without one.
import { describe, expect, it } from "vitest";
import { Caller, parseBall } from "../../src/housie/game/caller.js";
import { UsageError } from "../../src/errors.js";

describe("Caller.call and parseBall", () => {
  it("calls drawn numbers in order; undo takes the last back; a repeat is refused and changes nothing", () => {
    const caller = Caller.start();
    expect(caller.call(parseBall(" 17 "))).toBe(17);
    caller.call(90);
    caller.call(1);
    expect(() => caller.call(90)).toThrow(new UsageError("90 is called already (call 2); not called again"));
    expect(caller.calls).toEqual([17, 90, 1]);
    expect(caller.undo()).toBe(1);
    caller.call(1);
    expect(caller.calls).toEqual([17, 90, 1]);
    // The JSON saved and resumed gives the same game, and a BOM before it is skipped.
    const resumed = Caller.resume("\uFEFF" + JSON.stringify(caller.toJSON()));
    expect(resumed.calls).toEqual([17, 90, 1]);
  });

  it("refuses 0, 91, fractions and text, and drawn numbers in a seeded game", () => {
    for (const bad of ["0", "91", "4.5", "", "x", "1e1", "-3"]) expect(() => parseBall(bad)).toThrow(UsageError);
    expect(() => Caller.start().call(91)).toThrow(/not a ball/);
    expect(() => Caller.start().call(2.5)).toThrow(/not a ball/);
    expect(() => Caller.start({ seed: 3n }).call(5)).toThrow(/numbers of its seed 3/);
  });

  it("a full game from a ball machine takes all 90 and no more", () => {
    const caller = Caller.start();
    for (let x = 90; x >= 1; x--) caller.call(x);
    expect(caller.calls).toHaveLength(90);
    expect(() => caller.next()).toThrow(UsageError);
  });
});
