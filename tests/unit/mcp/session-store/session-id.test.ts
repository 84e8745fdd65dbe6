// Session ids are unguessable and signed: the secret that made one accepts it, any other secret or an altered id does not.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sessionIds } from "../../../../sidecar/mcp/session-store/session-id.ts";

const SECRET = "a-secret-of-at-least-32-characters-long";

describe("session ids", () => {
  it("are visible ASCII, different every time, and verified by the secret that signed them", () => {
    const ids = sessionIds(SECRET);
    const made = new Set(Array.from({ length: 1000 }, ids.create));
    assert.equal(made.size, 1000);
    for (const id of made) {
      assert.match(id, /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
      assert.equal(ids.verify(id), true);
      assert.equal(sessionIds(SECRET).verify(id), true, "another replica with the same secret");
    }
  });

  it("refuses an id signed with another secret, an altered one, and ones of the wrong shape", () => {
    const ids = sessionIds(SECRET);
    const id = ids.create();
    assert.equal(sessionIds(`${SECRET}x`).verify(id), false);
    const [random, tag] = id.split(".") as [string, string];
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    assert.equal(ids.verify(`${flip(random)}.${tag}`), false);
    assert.equal(ids.verify(`${random}.${flip(tag)}`), false);
    for (const bad of ["", ".", random, `${random}.`, `${random}.${tag}.x`, `${random}.${tag}=`, "no-such-session"])
      assert.equal(ids.verify(bad), false, JSON.stringify(bad));
  });

  it("needs a secret", () => {
    assert.throws(() => sessionIds(""), /MCP_SESSION_SECRET/);
  });
});
