import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing on its own thread", () => {
  it("hashes with a fresh salt and verifies, and answers concurrent calls each with its own result", async () => {
    const [a, b] = await Promise.all([hashPassword("correct horse battery"), hashPassword("correct horse battery")]);
    expect(a).toMatch(/^\$2[aby]\$10\$/);
    expect(a).not.toBe(b);
    const checks = await Promise.all([
      verifyPassword("correct horse battery", a),
      verifyPassword("wrong horse battery", a),
      verifyPassword("correct horse battery", b),
      verifyPassword("", b),
    ]);
    expect(checks).toEqual([true, false, true, false]);
  });

  it("rejects what bcrypt refuses instead of hanging", async () => {
    await expect(hashPassword(undefined as unknown as string)).rejects.toThrow();
  });
});
