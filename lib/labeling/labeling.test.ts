import { describe, expect, it } from "vitest";
import { actionFor, SHORTCUTS } from "./keys";
import { breakDue, extendStretch, IDLE_MS, parseStretch } from "./stretch";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) =>
  actionFor({ key, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe("actionFor", () => {
  it("maps every listed key, in either case, and nothing with a modifier", () => {
    expect(press("y")).toBe("satisfied");
    expect(press("Y")).toBe("satisfied");
    expect(press("2")).toBe("not-satisfied");
    expect(press("ArrowDown")).toBe("next-criterion");
    expect(press("]")).toBe("next-response");
    expect(press("?")).toBe("help");
    expect(press("r", { ctrlKey: true })).toBeNull();
    expect(press("ArrowLeft", { altKey: true })).toBeNull();
    expect(press("x")).toBeNull();
    for (const shortcut of SHORTCUTS) {
      for (const key of shortcut.keys) {
        const name = { "↓": "ArrowDown", "↑": "ArrowUp", "→": "ArrowRight", "←": "ArrowLeft" }[key] ?? key;
        expect(press(name), key).toBe(shortcut.action);
      }
    }
  });
});

describe("stretches and breaks", () => {
  const minute = 60_000;
  it("grows a stretch while the gaps are short and starts anew after a pause", () => {
    let stretch = extendStretch(null, 0);
    for (let t = 5; t <= 45; t += 5) stretch = extendStretch(stretch, t * minute);
    expect(stretch).toEqual({ startedAt: 0, lastActiveAt: 45 * minute });
    expect(breakDue(stretch, 45 * minute, 45)).toBe(true);
    expect(breakDue(stretch, 44 * minute, 45)).toBe(false);
    expect(breakDue(stretch, 45 * minute + IDLE_MS + 1, 45)).toBe(false);
    expect(extendStretch(stretch, 45 * minute + IDLE_MS + 1)).toEqual({ startedAt: 45 * minute + IDLE_MS + 1, lastActiveAt: 45 * minute + IDLE_MS + 1 });
    expect(breakDue(stretch, 30 * minute, 30)).toBe(true);
  });

  it("reads only a well-formed stored stretch", () => {
    expect(parseStretch('{"startedAt":1,"lastActiveAt":2}')).toEqual({ startedAt: 1, lastActiveAt: 2 });
    expect(parseStretch("{")).toBeNull();
    expect(parseStretch('{"startedAt":"1"}')).toBeNull();
    expect(parseStretch(null)).toBeNull();
  });
});
